/**
 * County names from before the county reforms of 2018–2024, and the counties of 2024 that hold
 * their land (decision 093). Since 1 January 2024 Norway has 15 counties: Oslo, Akershus, Østfold,
 * Buskerud, Innlandet, Vestfold, Telemark, Agder, Rogaland, Vestland, Møre og Romsdal, Trøndelag,
 * Nordland, Troms and Finnmark. Viken (2020–2023) went back to Akershus, Buskerud and Østfold;
 * Vestfold og Telemark and Troms og Finnmark were split again. Names that are current again
 * (Akershus, Buskerud …) map to themselves, so the one table answers every old name people use.
 * County-level: a municipality that changed county on the way (Jevnaker and Lunner, Oppland →
 * Akershus) is found under the county it is in now, not under its old one.
 */
export const formerCounties: Readonly<Record<string, readonly string[]>> = {
  Hordaland: ['Vestland'],
  'Sogn og Fjordane': ['Vestland'],
  Hedmark: ['Innlandet'],
  Oppland: ['Innlandet'],
  'Aust-Agder': ['Agder'],
  'Vest-Agder': ['Agder'],
  'Sør-Trøndelag': ['Trøndelag'],
  'Nord-Trøndelag': ['Trøndelag'],
  Viken: ['Akershus', 'Buskerud', 'Østfold'],
  'Vestfold og Telemark': ['Vestfold', 'Telemark'],
  'Troms og Finnmark': ['Troms', 'Finnmark'],
  // Counties before 2020 that are counties again since 2024.
  Akershus: ['Akershus'],
  Buskerud: ['Buskerud'],
  Østfold: ['Østfold'],
  Vestfold: ['Vestfold'],
  Telemark: ['Telemark'],
  Troms: ['Troms'],
  Finnmark: ['Finnmark'],
};

/** The 2024 counties a former county name stands for, ignoring case ('hordaland' → ['Vestland']); empty when it is none. */
export function currentCountiesOf(name: string): readonly string[] {
  return currentByLowerName().get(name.trim().toLocaleLowerCase('nb')) ?? [];
}

let byLowerName: Map<string, readonly string[]> | undefined;

/** The table by lower-case name, made once: lower-casing by locale is slow, and a county filter asks on every browse. */
function currentByLowerName(): Map<string, readonly string[]> {
  if (!byLowerName) {
    byLowerName = new Map();
    // The first of two names that lower-case alike wins, as the loop over the table did.
    for (const [former, current] of Object.entries(formerCounties)) {
      const lower = former.toLocaleLowerCase('nb');
      if (!byLowerName.has(lower)) byLowerName.set(lower, current);
    }
  }
  return byLowerName;
}

/** The former names that now belong to this 2024 county ('Vestland' → Hordaland, Sogn og Fjordane). */
export function formerNamesOf(county: string): string[] {
  const wanted = county.trim().toLocaleLowerCase('nb');
  return Object.entries(formerCounties)
    .filter(([former, current]) => former.toLocaleLowerCase('nb') !== wanted && current.some((c) => c.toLocaleLowerCase('nb') === wanted))
    .map(([former]) => former);
}
