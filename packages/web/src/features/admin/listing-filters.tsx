import { adminListingFilterStatuses, type AdminListingFilter } from '@bedriftstorget/core/admin/schemas';
import { industryLabels } from '@bedriftstorget/core/listing/labels';
import { industries } from '@bedriftstorget/core/listing/enums';
import { adminListings as texts, adminStatusLabels } from '@bedriftstorget/core/texts/admin';

export type ListingFilterState = Required<Pick<AdminListingFilter, 'status' | 'industry'>> & { q: string };

const fieldClass = 'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm';

/** Search ('Søk...'), status and industry; the server applies them, not the browser. */
export function ListingFilters({ value, onChange }: { value: ListingFilterState; onChange: (next: ListingFilterState) => void }) {
  return (
    <div className="flex flex-1 flex-wrap gap-2">
      <input
        type="search"
        aria-label={texts.searchLabel}
        placeholder={texts.search}
        value={value.q}
        onChange={(e) => onChange({ ...value, q: e.target.value })}
        className={`${fieldClass} min-w-0 flex-1 sm:max-w-xs`}
      />
      <select aria-label={texts.statusFilter} value={value.status} onChange={(e) => onChange({ ...value, status: e.target.value as ListingFilterState['status'] })} className={fieldClass}>
        <option value="all">{texts.allStatuses}</option>
        {adminListingFilterStatuses.map((status) => <option key={status} value={status}>{adminStatusLabels[status]}</option>)}
      </select>
      <select aria-label={texts.industryFilter} value={value.industry} onChange={(e) => onChange({ ...value, industry: e.target.value as ListingFilterState['industry'] })} className={fieldClass}>
        <option value="all">{texts.allIndustries}</option>
        {industries.map((industry) => <option key={industry} value={industry}>{industryLabels[industry]}</option>)}
      </select>
    </div>
  );
}
