import { useRef, useState, type FormEvent, type MutableRefObject } from 'react';
import { browseSorts, industries } from '@bedriftstorget/core/listing/enums';
import { industryLabels } from '@bedriftstorget/core/listing/labels';
import { browse as texts } from '@bedriftstorget/core/texts/marketplace';
import { underOffer } from '@bedriftstorget/core/texts/lifecycle';
import { VIPPS_SELLERS_FILTER } from '@bedriftstorget/core/texts/vipps';
import { PlaceFilter } from './place-filter';
import { parseKroner, type BrowseParams, type RangeKey } from './use-browse-params';

const selectClass = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm';
const inputClass = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm';

type Update = (c: Partial<BrowseParams>) => void;

/**
 * A text field applied when it is left or Enter is pressed (not on every key), and at once when
 * `applyNow` says the value is complete (a suggestion picked from the list).
 */
function CommitField({ id, label, value, onCommit, onDraft, applyNow, ...input }: {
  id: string; label: string; value: string; onCommit: (text: string) => void; onDraft?: (text: string) => void; applyNow?: (text: string) => boolean;
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
          onDraft?.(e.target.value.trim());
          if (applyNow?.(e.target.value)) commit(e.target.value);
        }}
        onBlur={() => commit(text)}
        {...input}
      />
    </form>
  );
}

const RANGES: { what: keyof typeof texts.ranges; min: RangeKey; max: RangeKey }[] = [
  { what: 'price', min: 'minPrice', max: 'maxPrice' },
  { what: 'revenue', min: 'minRevenue', max: 'maxRevenue' },
  { what: 'profit', min: 'minProfit', max: 'maxProfit' },
];

function RangeFields({ params, update, idPrefix, drafts }: { params: BrowseParams; update: Update; idPrefix: string; drafts: Drafts }) {
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
              onDraft={(text) => {
                if (parseKroner(text) === params[key]) delete drafts.current[key];
                else drafts.current[key] = parseKroner(text);
              }}
              onCommit={(text) => update({ [key]: parseKroner(text) })}
            />
          ))}
        </fieldset>
      ))}
    </>
  );
}

/** Typed into a range field and not applied yet (no Enter, no leaving the field). */
export type Drafts = MutableRefObject<Partial<BrowseParams>>;

/**
 * Industry, place (county, then municipality) and min/max ranges. A value typed but not applied
 * goes along with any other change (changing the industry keeps the price typed before it), and
 * the drawer applies what is left when it closes (`drafts`).
 */
export function FilterFields({ params, update: apply, idPrefix, drafts: given }: { params: BrowseParams; update: Update; idPrefix: string; drafts?: Drafts }) {
  const own = useRef<Partial<BrowseParams>>({});
  const drafts = given ?? own;
  const update: Update = (changes) => {
    const pending = drafts.current;
    drafts.current = {};
    apply({ ...pending, ...changes });
  };
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
      <PlaceFilter location={params.location} onChange={(location) => update({ location })} idPrefix={idPrefix} />
      <RangeFields params={params} update={update} idPrefix={idPrefix} drafts={drafts} />
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
      <div className="flex items-center gap-2">
        <input
          id={`${idPrefix}-verified-sellers`}
          type="checkbox"
          className="h-4 w-4 rounded border-slate-400"
          checked={params.verifiedSellers}
          onChange={(e) => update({ verifiedSellers: e.target.checked })}
        />
        <label htmlFor={`${idPrefix}-verified-sellers`} className="text-sm font-medium">{VIPPS_SELLERS_FILTER}</label>
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
