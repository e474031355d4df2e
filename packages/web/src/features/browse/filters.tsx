import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { browseSorts, industries } from '@bedriftstorget/core/listing/enums';
import { industryLabels } from '@bedriftstorget/core/listing/labels';
import { browse as texts } from '@bedriftstorget/core/texts/marketplace';
import { underOffer } from '@bedriftstorget/core/texts/lifecycle';
import { trpc } from '../../lib/trpc';
import { parseKroner, type BrowseParams, type RangeKey } from './use-browse-params';

const selectClass = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm';
const inputClass = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm';

type Update = (c: Partial<BrowseParams>) => void;

/**
 * A text field applied when it is left or Enter is pressed (not on every key), and at once when
 * `applyNow` says the value is complete (a suggestion picked from the list).
 */
function CommitField({ id, label, value, onCommit, applyNow, ...input }: {
  id: string; label: string; value: string; onCommit: (text: string) => void; applyNow?: (text: string) => boolean;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'id'>) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // A new value from the URL (Back, 'Nullstill filtre') replaces what was typed.
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const commit = (next: string) => {
    if (next.trim() !== value) onCommit(next.trim());
  };
  return (
    <form className="flex flex-col gap-1" onSubmit={(e: FormEvent) => { e.preventDefault(); commit(text); }}>
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      <input
        id={id}
        className={inputClass}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (applyNow?.(e.target.value)) commit(e.target.value);
        }}
        onBlur={() => commit(text)}
        {...input}
      />
    </form>
  );
}

function LocationField({ params, update, idPrefix }: { params: BrowseParams; update: Update; idPrefix: string }) {
  const suggestions = useQuery(trpc.listing.locations.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  const names = new Set((suggestions.data ?? []).map((s) => s.name.toLocaleLowerCase('nb')));
  const listId = `${idPrefix}-location-suggestions`;
  return (
    <>
      <CommitField
        id={`${idPrefix}-location`}
        label={texts.location}
        value={params.location ?? ''}
        placeholder={texts.locationPlaceholder}
        title={texts.locationHint}
        list={listId}
        autoComplete="off"
        onCommit={(text) => update({ location: text || undefined })}
        applyNow={(text) => names.has(text.trim().toLocaleLowerCase('nb'))}
      />
      <datalist id={listId}>
        {(suggestions.data ?? []).map((s) => <option key={`${s.kind}-${s.name}`} value={s.name}>{texts.placeSuggestion(s.kind, s.listings)}</option>)}
      </datalist>
    </>
  );
}

const RANGES: { what: keyof typeof texts.ranges; min: RangeKey; max: RangeKey }[] = [
  { what: 'price', min: 'minPrice', max: 'maxPrice' },
  { what: 'revenue', min: 'minRevenue', max: 'maxRevenue' },
  { what: 'profit', min: 'minProfit', max: 'maxProfit' },
];

function RangeFields({ params, update, idPrefix }: { params: BrowseParams; update: Update; idPrefix: string }) {
  return (
    <>
      {RANGES.map(({ what, min, max }) => (
        <fieldset key={what} className="grid grid-cols-2 gap-2">
          <legend className="mb-1 text-sm font-medium">{texts.ranges[what]}</legend>
          {([min, max] as const).map((key) => (
            <CommitField
              key={key}
              id={`${idPrefix}-${key}`}
              label={key === min ? texts.rangeFrom(texts.ranges[what]) : texts.rangeTo(texts.ranges[what])}
              value={params[key] === undefined ? '' : String(params[key])}
              inputMode="numeric"
              onCommit={(text) => update({ [key]: parseKroner(text) })}
            />
          ))}
        </fieldset>
      ))}
    </>
  );
}

/** Industry, location (a town or a county, with suggestions from the listings) and min/max ranges. */
export function FilterFields({ params, update, idPrefix }: { params: BrowseParams; update: Update; idPrefix: string }) {
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
      <LocationField params={params} update={update} idPrefix={idPrefix} />
      <RangeFields params={params} update={update} idPrefix={idPrefix} />
      <div className="flex items-center gap-2">
        <input
          id={`${idPrefix}-hide-under-offer`}
          type="checkbox"
          className="h-4 w-4 rounded border-slate-400"
          checked={params.hideUnderOffer}
          onChange={(e) => update({ hideUnderOffer: e.target.checked })}
        />
        <label htmlFor={`${idPrefix}-hide-under-offer`} className="text-sm font-medium">{underOffer.hideFilter}</label>
      </div>
    </>
  );
}

export function SortSelect({ params, update, id }: { params: BrowseParams; update: Update; id: string }) {
  return (
    // min-w-0: on a phone the longest sort name must not push the select past the screen's edge.
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">{texts.sort}</label>
      <select id={id} className="min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm" value={params.sort} onChange={(e) => update({ sort: e.target.value as BrowseParams['sort'] })}>
        {browseSorts.map((sort) => <option key={sort} value={sort}>{texts.sorts[sort]}</option>)}
      </select>
    </div>
  );
}
