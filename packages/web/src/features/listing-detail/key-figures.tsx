import { companyFormLabels } from '@bedriftstorget/core/listing/labels';
import { amountText } from '@bedriftstorget/core/listing/rules';
import { detail as texts } from '@bedriftstorget/core/texts/marketplace';
import { formatNumber } from '@bedriftstorget/core/format/nb';
import type { ListingDetailData } from '../../lib/types';

/** The figures the box shows: the public page's listing, or the wizard's fields before it is sent (the preview). */
type Figures = Pick<ListingDetailData, 'revenue' | 'profit' | 'employees' | 'established' | 'companyForm' | 'premisesSize' | 'ownPremises' | 'equityPercent'>;

function premises(listing: Figures): string {
  const size = listing.premisesSize === null ? null : `${formatNumber(listing.premisesSize)} m²`;
  const kind = listing.ownPremises === null ? null : listing.ownPremises ? texts.ownPremises : texts.rentedPremises;
  return [size, kind].filter(Boolean).join(', ') || '–';
}

/** 'Nøkkeltall': revenue, result, employees, established, company form, premises, equity share. */
export function KeyFigures({ listing, headingLevel: Heading = 'h2' }: { listing: Figures; headingLevel?: 'h2' | 'h4' }) {
  const rows: [string, string][] = [
    [texts.revenue, amountText(listing.revenue)],
    [texts.result, amountText(listing.profit)],
    [texts.employees, listing.employees === null ? '–' : formatNumber(listing.employees)],
    [texts.established, listing.established === null ? '–' : String(listing.established)],
    [texts.companyForm, listing.companyForm ? companyFormLabels[listing.companyForm] : '–'],
    [texts.premises, premises(listing)],
    [texts.equityShare, listing.equityPercent === null ? '–' : `${formatNumber(listing.equityPercent)} %`],
  ];
  return (
    <section aria-labelledby="figures-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <Heading id="figures-heading" className="text-lg font-bold">{texts.keyFigures}</Heading>
      <dl className="mt-3 divide-y divide-slate-100">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-2 text-sm">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
