/**
 * Search as people spell (decision 148): the same word written 'cafe', 'kafé' or 'Kafeen', and a trade
 * found inside a compound ('frisør' in 'herrefrisørsalong'). Applied to what is indexed and to what is
 * searched alike, on words already folded (`fold`: lower case, no accents).
 */

/**
 * C as Norwegian writes it: 'cafe' → 'kafe', 'catering' → 'katering'. Not before h ('chili', 'coach'),
 * where Norwegian has no k. A sound written s ('center') becomes k on both sides, so it still
 * finds itself; only the k spelling of such a word does not find it.
 */
export function spell(word: string): string {
  return word.replace(/c(?!h)/g, 'k');
}

/** Endings of the definite and plural forms, longest first: 'kafeene', 'frisørens', 'kafeen', 'frisører'. */
const ENDINGS = ['ene', 'ane', 'ens', 'ets', 'ers', 'en', 'er', 'et', 'ar'];
/** What is left must still be a word: 'bakeren' → 'baker', never 'der' → 'd'. */
const MIN_STEM = 4;

/** The word without its definite or plural ending, or the word itself: 'kafeen' → 'kafe', 'frisører' → 'frisør'. */
export function stemOf(word: string): string {
  if (word.startsWith('=') || /\d/.test(word)) return word;
  const length = [...word].length;
  const ending = ENDINGS.find((end) => word.endsWith(end) && length - end.length >= MIN_STEM);
  return ending ? word.slice(0, word.length - ending.length) : word;
}

/**
 * Trades and places of business people search for on their own, written as Norwegian writes them
 * (after `spell`). A listing's word that holds one ('herrefrisørsalong', 'bilverkstedet') is found by
 * it, wherever in the word it stands. Four letters or more, so 'bar' does not match 'barnehage'.
 */
const PARTS = [
  'advokat', 'apotek', 'bakeri', 'barnehage', 'bensinstasjon', 'blomster', 'butikk', 'bygg', 'byrå', 'kamping', 'katering',
  'dagligvare', 'elektro', 'eiendom', 'entreprenør', 'fabrikk', 'fysioterapi', 'frisør', 'gartneri', 'grill', 'gård',
  'hotell', 'interiør', 'kafe', 'kantine', 'kiosk', 'klinikk', 'konditori', 'konsulent', 'maling', 'marina', 'massasje',
  'motell', 'optiker', 'pizza', 'pizzeria', 'regnskap', 'reise', 'renhold', 'restaurant', 'rørlegger', 'salong',
  'senter', 'sjokolade', 'skjønnhet', 'skole', 'snekker', 'solstudio', 'studio', 'sushi', 'sykkel', 'tannlege',
  'transport', 'trening', 'utleie', 'verksted', 'verktøy', 'vinbar', 'yoga',
];

/** The known trades inside a word, other than the word itself: 'herrefrisørsalong' → ['frisør', 'salong']. */
export function partsOf(word: string): string[] {
  return PARTS.filter((part) => part !== word && word.includes(part));
}

/** Every term one written word is stored as: itself, its stem and the trades inside it. */
export function termForms(word: string): string[] {
  const stem = stemOf(word);
  return [...new Set([word, stem, ...partsOf(word)])];
}
