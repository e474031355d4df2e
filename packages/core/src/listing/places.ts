import { currentCountiesOf } from './former-counties';

/**
 * Towns across Norway with their county (the counties of 2024), for the free-text location
 * filter ('Vestland' finds Bergen, Førde and Voss), its suggestions and the sample data.
 * A listing's location is free text: a town missing here is still found by its own name.
 */
export const townCounties: Readonly<Record<string, string>> = {
  Oslo: 'Oslo',
  Bergen: 'Vestland', Førde: 'Vestland', Voss: 'Vestland', Stord: 'Vestland', Odda: 'Vestland',
  Trondheim: 'Trøndelag', Steinkjer: 'Trøndelag', Levanger: 'Trøndelag', Namsos: 'Trøndelag', Røros: 'Trøndelag', Stjørdal: 'Trøndelag',
  Stavanger: 'Rogaland', Sandnes: 'Rogaland', Haugesund: 'Rogaland', Egersund: 'Rogaland', Bryne: 'Rogaland',
  Kristiansand: 'Agder', Arendal: 'Agder', Grimstad: 'Agder', Mandal: 'Agder', Flekkefjord: 'Agder',
  Tromsø: 'Troms', Harstad: 'Troms', Finnsnes: 'Troms',
  Drammen: 'Buskerud', Kongsberg: 'Buskerud', Hønefoss: 'Buskerud',
  Fredrikstad: 'Østfold', Sarpsborg: 'Østfold', Moss: 'Østfold', Halden: 'Østfold',
  Skien: 'Telemark', Porsgrunn: 'Telemark', Notodden: 'Telemark',
  Tønsberg: 'Vestfold', Sandefjord: 'Vestfold', Larvik: 'Vestfold', Horten: 'Vestfold',
  Ålesund: 'Møre og Romsdal', Molde: 'Møre og Romsdal', Kristiansund: 'Møre og Romsdal',
  Bodø: 'Nordland', 'Mo i Rana': 'Nordland', Narvik: 'Nordland', Svolvær: 'Nordland', Mosjøen: 'Nordland',
  Hamar: 'Innlandet', Lillehammer: 'Innlandet', Gjøvik: 'Innlandet', Elverum: 'Innlandet', Kongsvinger: 'Innlandet',
  Lillestrøm: 'Akershus', Asker: 'Akershus', Sandvika: 'Akershus', Ski: 'Akershus', Jessheim: 'Akershus',
  Alta: 'Finnmark', Hammerfest: 'Finnmark', Kirkenes: 'Finnmark', Vadsø: 'Finnmark',
};

/**
 * The counties of 2024 in Norwegian alphabetical order, written out: sorting them here with
 * `localeCompare` made every page's first load start Intl's collator (decision 159).
 * `tests/unit/county-towns.test.ts` checks they are townCounties' counties, in the order Intl sorts them.
 */
export const counties: readonly string[] = [
  'Agder', 'Akershus', 'Buskerud', 'Finnmark', 'Innlandet', 'Møre og Romsdal', 'Nordland', 'Oslo',
  'Rogaland', 'Telemark', 'Troms', 'Trøndelag', 'Vestfold', 'Vestland', 'Østfold',
];

/** The county of a known town, ignoring case ('bergen' → 'Vestland'). */
export function countyOf(town: string): string | null {
  const wanted = town.trim().toLocaleLowerCase('nb');
  for (const [name, county] of Object.entries(townCounties)) if (name.toLocaleLowerCase('nb') === wanted) return county;
  return null;
}

/**
 * The towns of a county, ignoring case; a former county name ('Hordaland', 'Viken') stands for the
 * towns of the 2024 counties that hold its land (former-counties.ts). Empty when `name` is neither.
 */
export function townsOfCounty(name: string): string[] {
  const wanted = new Set([name, ...currentCountiesOf(name)].map((county) => county.trim().toLocaleLowerCase('nb')));
  return townsWithLowerCounty().filter(([, county]) => wanted.has(county)).map(([town]) => town);
}

let withLowerCounty: [town: string, county: string][] | undefined;

/** Each town with its county lower-cased, made once: lower-casing by locale is slow, and a county filter asks on every browse. */
function townsWithLowerCounty(): [string, string][] {
  withLowerCounty ??= Object.entries(townCounties).map(([town, county]) => [town, county.toLocaleLowerCase('nb')]);
  return withLowerCounty;
}
