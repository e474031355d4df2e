import { industries } from '@bedriftstorget/core/listing/listing.sql';
import { browseLocations, industryLabels } from '@bedriftstorget/core/listing/labels';
import { browseSorts } from '@bedriftstorget/core/listing/schemas';
import { browse as texts } from '@bedriftstorget/core/texts/marketplace';
import type { BrowseParams } from './use-browse-params';

const selectClass = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm';

/** Industry and location selects; each change applies at once. */
export function FilterFields({ params, update, idPrefix }: { params: BrowseParams; update: (c: Partial<BrowseParams>) => void; idPrefix: string }) {
  return (
    <>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${idPrefix}-industry`} className="text-sm font-medium">{texts.industry}</label>
        <select
          id={`${idPrefix}-industry`}
          className={selectClass}
          value={params.industry ?? ''}
          onChange={(e) => update({ industry: (e.target.value || undefined) as BrowseParams['industry'] })}
        >
          <option value="">{texts.allIndustries}</option>
          {industries.map((industry) => <option key={industry} value={industry}>{industryLabels[industry]}</option>)}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${idPrefix}-location`} className="text-sm font-medium">{texts.location}</label>
        <select id={`${idPrefix}-location`} className={selectClass} value={params.location ?? ''} onChange={(e) => update({ location: e.target.value || undefined })}>
          <option value="">{texts.allLocations}</option>
          {browseLocations.map((location) => <option key={location} value={location}>{location}</option>)}
        </select>
      </div>
    </>
  );
}

export function SortSelect({ params, update, id }: { params: BrowseParams; update: (c: Partial<BrowseParams>) => void; id: string }) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">{texts.sort}</label>
      <select id={id} className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm" value={params.sort} onChange={(e) => update({ sort: e.target.value as BrowseParams['sort'] })}>
        {browseSorts.map((sort) => <option key={sort} value={sort}>{texts.sorts[sort]}</option>)}
      </select>
    </div>
  );
}
