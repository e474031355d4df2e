/**
 * Texts of saved searches with alerts (docs/product.md, 'Saved searches'); part of the catalogue with
 * nb.ts. The labels given there are exact ('Lagre søk', 'Straks', 'Daglig', 'Aldri', 'Søket er lagret',
 * 'Varselet er slått av'); the rest "ours".
 */
export const savedSearchTexts = {
  saveButton: 'Lagre søk',
  dialogTitle: 'Lagre søk', // ours
  dialogText: 'Gi søket et navn og velg hvor ofte du vil få nye treff på e-post.', // ours
  nameLabel: 'Navn på søket', // ours
  alertsLabel: 'Varsel på e-post', // ours
  alerts: { instant: 'Straks', daily: 'Daglig', never: 'Aldri' },
  alertsHint: { instant: 'Så snart en ny annonse passer', daily: 'Én samlet e-post om dagen', never: 'Ingen e-post' }, // ours
  save: 'Lagre', // ours
  saved: 'Søket er lagret',
  failed: 'Kunne ikke lagre søket', // ours
  loginTitle: 'Logg inn for å lagre søket', // ours
  loginText: 'Søket blir lagret når du har logget inn.', // ours
  loginButton: 'Logg inn', // ours
  // /lagrede-sok
  pageTitle: 'Lagrede søk', // ours
  pageIntro: 'Søkene du har lagret, og hvor ofte du får varsel om nye annonser.', // ours
  emptyTitle: 'Du har ingen lagrede søk ennå', // ours
  emptyText: 'Søk etter bedrifter og trykk «Lagre søk» for å få varsel om nye annonser.', // ours
  browseAll: 'Søk etter bedrifter', // ours
  open: 'Åpne søket', // ours
  openNamed: (name: string) => `Åpne søket ${name}`, // ours
  rename: 'Gi nytt navn', // ours
  renameNamed: (name: string) => `Gi nytt navn til ${name}`, // ours
  renameTitle: 'Gi søket nytt navn', // ours
  renamed: 'Navnet er endret', // ours
  alertsFor: (name: string) => `Varsel på e-post for ${name}`, // ours: contains the visible label
  alertsChanged: 'Varselet er endret', // ours
  remove: 'Slett', // ours
  removeNamed: (name: string) => `Slett ${name}`, // ours
  removeTitle: 'Slette søket?', // ours
  removeText: (name: string) => `${quotedName(name)} slettes, og du får ingen flere varsler for det.`, // ours: «…» once
  removed: 'Søket er slettet', // ours
  loadFailed: 'Kunne ikke laste lagrede søk.', // ours
  createdOn: (date: string) => `Lagret ${date}`, // ours
  // The server's refusals.
  nameRequired: 'Gi søket et navn', // ours
  nameTooLong: 'Navnet kan være høyst 80 tegn', // ours
  duplicate: 'Du har allerede lagret dette søket', // ours: exact text of the trust issue
  tooMany: (max: number) => `Du kan ha høyst ${max} lagrede søk. Slett et søk for å lagre et nytt.`, // ours
  notFound: 'Fant ikke det lagrede søket', // ours
  // Describing the filters in words: the default name and the mail.
  allListings: 'Alle annonser', // ours
  words: (q: string) => `«${q}»`, // ours
  in: (place: string) => `i ${place}`, // ours
  range: (what: string, min: string | null, max: string | null) =>
    min && max ? `${what} ${min}–${max}` : min ? `${what} fra ${min}` : `${what} opptil ${max}`, // ours
  // /varsel/av
  unsubscribedTitle: 'Varselet er slått av',
  unsubscribedText: (name: string) => `Du får ikke flere e-poster for søket ${quotedName(name)}. Du kan slå varselet på igjen under Lagrede søk.`, // ours: «…» once, also for a default name
  unsubscribeFailed: 'Lenken er ugyldig eller utløpt.', // ours
  unsubscribeTooMany: 'For mange forsøk på å slå av varsler. Vent litt og prøv igjen.', // ours: the one-click address guessed in a loop
  unsubscribeFailedTitle: 'Kunne ikke slå av varselet', // ours: the page's heading; the message above is said once, under it
  unsubscribing: 'Slår av varselet …', // ours
  unsubscribeConfirmTitle: 'Slå av varselet?', // ours: the mail link's page, before the click
  unsubscribeConfirmText: 'Du får ikke flere e-poster om nye annonser for dette søket. Søket blir liggende under Lagrede søk.', // ours
  unsubscribeButton: 'Slå av varselet', // ours
} as const;

/**
 * A search's name in «…» exactly once: a default name is the filters in words and may hold «…»
 * already ('«kafé» · i Bergen'), which would read ««kafé» · i Bergen».
 */
export const quotedName = (name: string) => `«${name.replace(/[«»]/g, '').trim()}»`; // ours

export const alertMail = {
  subject: (name: string, count: number) => `${count === 1 ? 'Ny annonse' : `${count} nye annonser`} for søket ${quotedName(name)}`, // ours
  digestSubject: (name: string, count: number) => `Dagens nye annonser for ${quotedName(name)}: ${count}`, // ours
  // One mail per user and run (decision 089): several searches are counted, each named in its own section.
  subjectMany: (searches: number, count: number) => `${count === 1 ? 'Ny annonse' : `${count} nye annonser`} for ${searches} av søkene dine`, // ours
  digestSubjectMany: (searches: number, count: number) => `Dagens nye annonser for ${searches} av søkene dine: ${count}`, // ours
  introMany: (count: number) => (count === 1 ? 'Denne nye annonsen passer søkene dine:' : 'Disse nye annonsene passer søkene dine:'), // ours
  section: (name: string, filters: string) => `Søket ${quotedName(name)}${quotedName(filters) === quotedName(name) ? '' : ` (${filters})`}:`, // ours
  // The filters in words only when they say more than the name (a default name is those words).
  // One listing is 'Denne annonsen passer'.
  intro: (name: string, filters: string, count: number) =>
    `${count === 1 ? 'Denne annonsen passer' : 'Disse annonsene passer'} søket ditt ${quotedName(name)}${quotedName(filters) === quotedName(name) ? '' : ` (${filters})`}:`, // ours
  item: (title: string, price: string, place: string, link: string) => `- ${title}\n  ${price} · ${place}\n  ${link}`, // ours
  noPrice: 'Pris ikke oppgitt', // ours
  manage: (link: string) => `Endre eller slett søkene dine: ${link}`, // ours
  unsubscribe: (link: string) => `Slå av varselet for dette søket: ${link}`, // ours
} as const;
