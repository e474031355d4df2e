import { VIPPS_VERIFIED } from '@bedriftstorget/core/texts/vipps';

/**
 * 'Verifisert med Vipps' (decision 120): the person behind an account is verified with Vipps
 * (BankID). Text, not only a colour or icon, so screen readers and everyone read the same words.
 */
export function VippsMark({ className = '' }: { className?: string }) {
  return (
    <span data-testid="vipps-mark" className={`inline-flex items-center gap-1 rounded-full bg-orange-50 px-2 py-0.5 text-xs font-semibold text-orange-800 ring-1 ring-orange-200 ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5 fill-current"><path d="M6.5 11.3 3.2 8l1.1-1.1 2.2 2.2 5.2-5.2L12.8 5z" /></svg>
      {VIPPS_VERIFIED}
    </span>
  );
}
