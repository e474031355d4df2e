import { company } from '../texts/company';
import { currentCountiesOf } from './former-counties';
import { counties, countyOf, townCounties } from './places';

/** Lower case, words only: 'Bergen sentrum' → ['bergen', 'sentrum']. */
const wordsOf = (text: string) => text.toLocaleLowerCase('nb').split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Whether `needle`'s words stand together, in order, among `hay`'s ('mo i rana' in 'mo i rana sentrum'). */
function containsWords(hay: string[], needle: string[]): boolean {
  if (needle.length === 0) return false;
  for (let i = 0; i + needle.length <= hay.length; i += 1) if (needle.every((word, j) => hay[i + j] === word)) return true;
  return false;
}

/**
 * The county a free-text 'Sted' lies in, or null when it names none we know: a known town ('Bergen'
 * → Vestland), a county itself ('vestland'), a former county that is one county today ('Hordaland'),
 * or a known town or county among its words ('Bergen sentrum', 'Nær Stord'). Never the town itself.
 */
export function countyLevel(location: string): string | null {
  const exact = countyOf(location) ?? counties.find((county) => county.toLocaleLowerCase('nb') === location.trim().toLocaleLowerCase('nb'));
  if (exact) return exact;
  const former = currentCountiesOf(location);
  if (former.length === 1) return former[0]!;
  const hay = wordsOf(location);
  const town = Object.keys(townCounties).find((name) => containsWords(hay, wordsOf(name)));
  if (town) return townCounties[town]!;
  return counties.find((county) => containsWords(hay, wordsOf(county))) ?? null;
}

/**
 * Where the public may read that a listing is (decision 099): a confidential sale shows its county
 * only — on the page, cards, crawler head and JSON-LD, favourites and alert mails — and 'Norge' when
 * the place names no county we know, so the town a seller typed never reaches a buyer before access.
 */
export function publicLocation(listing: { location: string; confidential: boolean | number | string }): string {
  if (!(listing.confidential === true || Number(listing.confidential) === 1)) return listing.location;
  return countyLevel(listing.location) ?? company.unknownCounty;
}
