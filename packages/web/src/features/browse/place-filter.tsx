import { browse as texts } from '@bedriftstorget/core/texts/marketplace';
import { counties, countyOf, townsOfCounty } from '@bedriftstorget/core/listing/places';
import { currentCountiesOf } from '@bedriftstorget/core/listing/former-counties';

const selectClass = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm disabled:bg-slate-100 disabled:text-slate-500';

const same = (a: string, b: string) => a.toLocaleLowerCase('nb') === b.toLocaleLowerCase('nb');

/**
 * The URL's `sted` as the two choices: a known town gives its county and itself; a county (or a
 * former county that is one county now, 'Hordaland' → Vestland) the county alone. Anything else (a
 * town not in the table, 'Viken') stays as it is, shown as its own choice, so the URL is kept.
 */
export function placeChoice(location: string | undefined): { county: string; town: string; other: string | null } {
  if (!location) return { county: '', town: '', other: null };
  const county = counties.find((name) => same(name, location));
  if (county) return { county, town: '', other: null };
  const former = currentCountiesOf(location);
  if (former.length === 1) return { county: former[0]!, town: '', other: null };
  const ofTown = countyOf(location);
  if (ofTown) return { county: ofTown, town: townsOfCounty(ofTown).find((name) => same(name, location)) ?? location, other: null };
  return { county: location, town: '', other: location };
}

/**
 * Place: a county, then one of its municipalities or towns (decision 093) — two native selects, each
 * with its label, so keyboards and screen readers use them as they know them. The choice is `sted`
 * in the URL: the town when one is chosen, else the county.
 */
export function PlaceFilter({ location, onChange, idPrefix }: { location: string | undefined; onChange: (location: string | undefined) => void; idPrefix: string }) {
  const { county, town, other } = placeChoice(location);
  const towns = county && !other ? townsOfCounty(county) : [];
  const hintId = `${idPrefix}-municipality-hint`;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{texts.location}</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${idPrefix}-county`} className="text-sm">{texts.county}</label>
        <select id={`${idPrefix}-county`} className={selectClass} value={county} onChange={(e) => onChange(e.target.value || undefined)}>
          <option value="">{texts.allCounties}</option>
          {other && <option value={other}>{other}</option>}
          {counties.map((name) => <option key={name} value={name}>{name}</option>)}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${idPrefix}-municipality`} className="text-sm">{texts.municipality}</label>
        <select
          id={`${idPrefix}-municipality`}
          className={selectClass}
          value={town}
          disabled={towns.length === 0}
          aria-describedby={towns.length === 0 ? hintId : undefined}
          onChange={(e) => onChange(e.target.value || county || undefined)}
        >
          <option value="">{texts.wholeCounty}</option>
          {towns.map((name) => <option key={name} value={name}>{name}</option>)}
        </select>
        {towns.length === 0 && <p id={hintId} className="text-xs text-slate-500">{texts.chooseCountyFirst}</p>}
      </div>
    </fieldset>
  );
}
