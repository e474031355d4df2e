import { useMutation, useQuery } from '@tanstack/react-query';
import { vippsTexts } from '@bedriftstorget/core/texts/vipps';
import { common } from '@bedriftstorget/core/texts/nb';
import { errorMessage } from '../../lib/errors';
import { rememberGoogleReturn } from '../../lib/google-return';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

// Vipps's orange (#ff5b24) under white text is 3:1, below WCAG's 4.5:1 for this size (axe's color-contrast):
// a darker orange of the same hue keeps the brand recognisable and the label readable (5.2:1).
const VIPPS_CLASS = 'inline-flex w-full items-center justify-center gap-2 rounded-lg bg-[#c2410c] px-4 py-2 text-sm font-semibold text-white hover:bg-[#9a3412] focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:bg-slate-400';

/**
 * Starts a round trip to Vipps (decision 119): 'login' from /auth (with the consent box ticked on the
 * consent step), 'verify' from /profil. The page to come back to waits in this tab (decision 090).
 */
export function useVippsStart() {
  return useMutation(trpc.vipps.start.mutationOptions({
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast.error(common.error, { description: errorMessage(error) }),
  }));
}

/** 'Logg inn med Vipps' on /auth, beside e-mail and Google; shown when the server has Vipps. */
export function VippsLoginButton({ next }: { next?: string }) {
  const providers = useQuery(trpc.auth.providers.queryOptions(undefined, { staleTime: Infinity }));
  const start = useVippsStart();
  if (!providers.data?.vipps) return null;
  // A link: it takes the person to Vipps (and keeps /auth's one 'Logg inn' button the only button of that name).
  return (
    <a href="/auth?mode=login" role="link" aria-disabled={start.isPending || undefined} className={VIPPS_CLASS} onClick={(event) => { event.preventDefault(); if (start.isPending) return; rememberGoogleReturn(next); start.mutate({ intent: 'login' }); }}>
      {start.isPending ? common.loading : vippsTexts.login}
    </a>
  );
}

export function VippsButton({ label, onClick, disabled, type = 'button' }: { label: string; onClick?: () => void; disabled?: boolean; type?: 'button' | 'submit' }) {
  return <button type={type} className={VIPPS_CLASS} disabled={disabled} onClick={onClick}>{label}</button>;
}
