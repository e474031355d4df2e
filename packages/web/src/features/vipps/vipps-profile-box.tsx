import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@bedriftstorget/core/format/nb';
import { common } from '@bedriftstorget/core/texts/nb';
import { vippsTexts as texts } from '@bedriftstorget/core/texts/vipps';
import { rememberGoogleReturn } from '../../lib/google-return';
import { trpc } from '../../lib/trpc';
import { VippsButton, useVippsStart } from './vipps-button';
import { VippsMark } from './vipps-mark';

/**
 * /profil's Vipps box (decision 119): 'Verifisert med Vipps' with when and the verified name and
 * phone, or 'Verifiser deg med Vipps' for any account. A name changed afterwards drops the mark.
 */
export function VippsProfileBox() {
  const providers = useQuery(trpc.auth.providers.queryOptions(undefined, { staleTime: Infinity }));
  const status = useQuery(trpc.vipps.status.queryOptions());
  const start = useVippsStart();
  if (!providers.data?.vipps || !status.data) return null;
  const { verified, verifiedAt, name, phone } = status.data;
  return (
    <section aria-labelledby="vipps-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="vipps-title" className="text-lg font-bold">{texts.profileTitle}</h2>
      {verified && verifiedAt ? (
        <div className="mt-3 flex flex-col gap-2 text-sm">
          <VippsMark className="self-start" />
          <p>{texts.profileVerified(formatDate(verifiedAt))}</p>
          <dl className="flex flex-col gap-1">
            <div className="flex justify-between gap-2"><dt className="text-slate-600">{texts.verifiedNameLabel}</dt><dd className="font-semibold">{name}</dd></div>
            {phone && <div className="flex justify-between gap-2"><dt className="text-slate-600">{texts.verifiedPhoneLabel}</dt><dd className="font-semibold">{phone}</dd></div>}
          </dl>
          <p className="text-xs text-slate-500">{texts.profileNameChangeDrops}</p>
        </div>
      ) : (
        <div className="mt-3 flex flex-col gap-3 text-sm">
          <p className="text-slate-700">{texts.profileNotVerified}</p>
          <VippsButton label={start.isPending ? common.loading : texts.verify} disabled={start.isPending} onClick={() => { rememberGoogleReturn(null); start.mutate({ intent: 'verify' }); }} />
        </div>
      )}
    </section>
  );
}
