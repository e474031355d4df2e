import { company as c } from '@bedriftstorget/core/texts/company';

/** 'Konfidensielt salg' (decision 095), on cards and the listing page; nothing when the sale is open. */
export function ConfidentialBadge({ confidential, className = '' }: { confidential: boolean; className?: string }) {
  if (!confidential) return null;
  // slate-800: white on it is 12.6:1.
  return <span data-testid="confidential-badge" className={`inline-flex rounded-full bg-slate-800 px-2.5 py-0.5 text-xs font-bold text-white ${className}`}>{c.confidentialBadge}</span>;
}
