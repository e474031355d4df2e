import { company as c } from '@bedriftstorget/core/texts/company';
import type { ListingDetailData } from '../../lib/types';

/**
 * 'Registrert i Enhetsregisteret' beside the listing (decision 094): the company's name,
 * organisasjonsform and kommune as the registry gave them. The server sends none for a confidential
 * listing (decision 095) or before the registry has answered, and then nothing shows.
 */
export function RegistryCard({ company }: { company: ListingDetailData['company'] }) {
  if (!company) return null;
  return (
    <section aria-labelledby="registry-heading" data-testid="registry-card" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5">
      <h2 id="registry-heading" className="flex items-center gap-2 text-sm font-bold text-emerald-900">
        <span aria-hidden="true">✓</span>{c.registered}
      </h2>
      <p className="mt-2 font-semibold text-slate-900">{company.name}</p>
      <p className="text-sm text-slate-700">{[company.form, company.kommune].filter(Boolean).join(' · ')}</p>
    </section>
  );
}
