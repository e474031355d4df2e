import { formatOrgnr } from '@bedriftstorget/core/company/orgnr-format';
import { company as c } from '@bedriftstorget/core/texts/company';
import type { ListingDisclosure } from '../../lib/types';

/**
 * 'Selskapet bak annonsen' (decision 099): what a buyer the seller let in may know — the company's
 * name, organisasjonsnummer, form, kommune and address from Enhetsregisteret, and the town the seller
 * typed. It comes from `listing.viewer` (the caller's own answer, never cached) and goes when the
 * seller withdraws the access.
 */
export function DisclosedCompany({ disclosure }: { disclosure: ListingDisclosure }) {
  const company = disclosure.company;
  const rows: [string, string | null][] = company
    ? [[c.disclosure.name, company.name], [c.orgnrLabel, formatOrgnr(company.orgnr)], [c.disclosure.form, company.form], [c.disclosure.kommune, company.kommune], [c.disclosure.address, company.address]]
    : [];
  return (
    <section aria-labelledby="disclosed-heading" data-testid="disclosed-company" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5">
      <h2 id="disclosed-heading" className="text-lg font-bold text-emerald-900">{c.disclosure.heading}</h2>
      <p className="mt-1 text-sm text-emerald-900">{c.disclosure.intro}</p>
      {!company && <p className="mt-2 text-sm text-slate-700">{c.disclosure.noRegistry}</p>}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {[...rows, [c.disclosure.place, disclosure.location] as [string, string | null]].filter(([, value]) => value).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-words font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
