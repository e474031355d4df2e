/**
 * What the server says about a request it cannot take (all "ours", as in nb.ts). Short,
 * Norwegian, and never the framework's internals such as 'Invalid input: expected object' (decision 017).
 */
export const request = {
  bodyTooLarge: 'Forespørselen er for stor (maks 1 MB).',
  batchTooLarge: (max: number) => `For mange kall i én forespørsel (maks ${max}).`,
  invalidJson: 'Forespørselen kunne ikke leses (ugyldig JSON).',
  unsupportedContentType: 'Forespørselen har en innholdstype som ikke støttes. Bruk application/json.',
  unknownProcedure: 'Fant ikke denne funksjonen.',
  methodNotAllowed: 'Denne metoden er ikke tillatt her.',
  invalidInput: 'Ugyldige data i forespørselen.',
  invalidType: 'Ugyldig verdi.',
  invalidText: 'Teksten inneholder ugyldige tegn.',
  tooManyActions: 'Du har gjort veldig mye på kort tid. Vent litt og prøv igjen.', // ours: the default limit on every change
  tooLong: 'Verdien er for lang.',
  tooShort: 'Verdien er for kort.',
  tooBig: 'Verdien er for stor.',
  tooSmall: 'Verdien er for liten.',
  unknownField: 'Forespørselen har felt som ikke finnes.',
  invalidCursor: 'Ugyldig side i listen. Start søket på nytt.',
  badAddress: 'Ugyldig adresse.',
  /** Plain-text answers of the static files, images and listing pages' server (no tRPC there). */
  pageNotFound: 'Fant ikke siden.',
  fileNotFound: 'Fant ikke filen.',
  imageNotFound: 'Fant ikke bildet',
  onlyGetOrHead: 'Metoden er ikke tillatt.',
  storageUnavailable: 'Lagringstjenesten svarer ikke.',
  realtimeOff: 'Sanntid via Ably er ikke slått på.',
  webAppNotBuilt: 'Web-appen er ikke bygget. Kjør npm start.',
  locationTooLong: 'Stedet er for langt.',
  titleTooLong: 'Tittelen er for lang.',
  foreignOrigin: (got: string, expected: string) =>
    `Forespørselen kommer fra ${got}, men appen kjører på ${expected}. Åpne appen på ${expected}.`,
  missingOrigin: 'Forespørselen mangler opprinnelse (Origin). Åpne appen i nettleseren og prøv igjen.',
  unavailable: 'Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.',
} as const;
