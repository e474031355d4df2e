/** The marketplace's texts (docs/product.md: browse, detail, saved); part of the catalogue with nb.ts. "ours" as in nb.ts. */
import { formatNumber } from '../format/nb';

export const favorites = {
  savedTitle: 'Lagret!',
  savedText: 'Annonsen er lagt til dine lagrede annonser',
  removedTitle: 'Fjernet fra lagrede',
  removedText: 'Annonsen er fjernet fra dine lagrede annonser',
  failedTitle: 'Noe gikk galt',
  tooMany: 'Du har lagret og fjernet mange annonser på kort tid. Vent litt og prøv igjen.', // ours
  failedText: 'Kunne ikke oppdatere lagrede annonser',
  loginTitle: 'Logg inn først',
  loginText: 'Du må være innlogget for å lagre annonser',
  loginLink: 'Logg inn', // ours: the heart's toast links to sign-in
  save: 'Lagre annonse', // ours: the heart button's name
  unsave: 'Fjern fra lagrede', // ours
  sold: 'Solgt',
  unpublished: 'Avpublisert',
  emptyTitle: 'Du har ingen lagrede annonser ennå', // ours
  emptyText: 'Trykk på hjertet på en annonse for å lagre den her.', // ours
  browseAll: 'Se alle bedrifter til salgs',
  sortLabel: 'Sortering', // ours
  sorts: { saved_desc: 'Sist lagret', newest: 'Nyeste annonser', price_asc: 'Pris lav–høy', price_desc: 'Pris høy–lav' }, // ours
  loadFailed: 'Kunne ikke laste lagrede annonser.', // ours
} as const;

export const browse = {
  heroTitle: 'Bedrifter til salgs',
  heroText: 'Finn din neste bedrift blant annonser fra eiere over hele Norge.', // ours
  searchLabel: 'Søk', // ours
  searchPlaceholder: 'Søk i bransje, sted eller nøkkelord …',
  industry: 'Bransje', // ours
  allIndustries: 'Alle bransjer', // ours
  location: 'Sted', // ours
  allLocations: 'Alle steder', // ours
  county: 'Fylke', // ours
  allCounties: 'Alle fylker', // ours
  municipality: 'Kommune eller sted', // ours
  wholeCounty: 'Hele fylket', // ours
  chooseCountyFirst: 'Velg et fylke først, så kommunene i det.', // ours
  locationPlaceholder: 'By eller fylke', // ours
  locationHint: 'Skriv en by eller et fylke, for eksempel Bergen eller Vestland.', // ours
  /** A place suggestion under the location field: its kind and how many listings it has. */
  placeSuggestion: (kind: 'county' | 'town', listings: number) => `${kind === 'county' ? 'Fylke' : 'By'} · ${listings}`, // ours
  ranges: { price: 'Pris', revenue: 'Omsetning', profit: 'Resultat' }, // ours
  rangeFrom: (what: string) => `${what} fra (kr)`, // ours
  rangeTo: (what: string) => `${what} til (kr)`, // ours
  sort: 'Sortering', // ours
  sorts: {
    newest: 'Nyeste',
    price_asc: 'Pris lav–høy',
    price_desc: 'Pris høy–lav',
    revenue_asc: 'Omsetning lav–høy',
    revenue_desc: 'Omsetning høy–lav',
    popular: 'Mest populære',
  }, // ours
  filters: 'Filtre', // ours
  /** What screen readers hear beside the phone's filter count: 'aktivt filter' for one, as Norwegian says it. */
  activeFilters: (n: number) => (n === 1 ? '1 aktivt filter' : `${n} aktive filtre`), // ours
  showResults: 'Vis resultater', // ours
  /** The phone's filter sheet's button once the filters' count is known (decision 146): 'Vis 1 treff', 'Vis 12 treff'. */
  showHits: (n: number) => `Vis ${formatNumber(n)} treff`, // ours
  // Numbers grouped as Norwegians write them: 'Viser 12 av 46 003 annonser'.
  showing: (shown: number, total: number) => `Viser ${formatNumber(shown)} av ${formatNumber(total)} ${total === 1 ? 'annonse' : 'annonser'}`, // singular for one: 'Viser 1 av 1 annonse'
  /** While the count of a slow search is still coming (decision 056); then `showing`. */
  showingCounting: (shown: number) => `Viser ${formatNumber(shown)} av …`, // ours
  /** The count failed: what is on the page is still true. */
  // Beside 'Viser X av Y': the total is the landing's too, sold listings included.
  countIncludesSold: 'Solgte bedrifter er med i tallet.', // ours
  showingUncounted: (shown: number) => `Viser ${formatNumber(shown)} ${shown === 1 ? 'annonse' : 'annonser'}`, // ours
  showMore: 'Vis flere', // ours: adds results below and keeps the position
  resultsHeading: 'Søkeresultater', // ours: the results' heading for screen readers
  pages: 'Sider', // ours: the paging nav's name
  nextPage: 'Neste side', // ours
  firstPage: 'Til første side', // ours
  emptyTitle: 'Ingen annonser passer søket ditt', // ours
  emptyText: 'Prøv et annet søkeord eller fjern noen filtre.', // ours
  resetSearch: 'Nullstill søk', // ours
  resetFilters: 'Nullstill filtre', // ours
  ctaTitle: 'Vil du selge bedriften din?', // ours
  // The hours are the setting in /admin/innstillinger (listing.reviewPromise); null while it loads.
  ctaText: (hours: number | null) => (hours === null ? 'Legg ut annonsen gratis. Vi leser den før den publiseres.' : `Legg ut annonsen gratis. Vi godkjenner den innen ${hours} timer.`), // ours
  ctaButton: 'Legg ut annonse',
  loadFailed: 'Kunne ikke laste annonser.',
  retry: 'Prøv igjen', // ours
} as const;

export const card = {
  sold: 'Solgt',
  new: 'Ny',
  popular: 'Populær',
  revenue: 'Omsetning', // ours
  employees: 'Ansatte', // ours
  noImage: 'Bilde mangler', // ours
  price: 'Pris', // ours: the price's name for screen readers
  badges: 'Merker', // ours: the badge list's name for screen readers
} as const;

export const detail = {
  about: 'Om virksomheten',
  included: 'Inkludert i salget',
  keyFigures: 'Nøkkeltall',
  revenue: 'Omsetning',
  result: 'Resultat',
  employees: 'Ansatte',
  established: 'Etablert',
  companyForm: 'Selskapsform',
  premises: 'Lokaler',
  ownPremises: 'eide lokaler', // ours
  rentedPremises: 'leide lokaler', // ours
  equityShare: 'Egenkapitalandel',
  ownerQuote: 'Fra eieren', // ours: heading of the owner quote
  seller: 'Selgerinformasjon',
  showPhone: 'Vis telefonnummer', // ours
  showEmail: 'Vis e-post', // ours
  noPhone: 'Ikke oppgitt', // ours
  contactSeller: 'Kontakt selger', // the page's one contact action, with two ways
  contactChoices: 'Velg hvordan du vil kontakte selgeren', // ours: the two ways' group name
  messageChoiceHint: 'Skriv direkte til selgeren. Svaret kommer i Meldinger.', // ours
  inquiryChoiceHint: 'Be om regnskap eller mer informasjon. Selgeren får navnet og e-posten din.', // ours
  share: 'Del annonse',
  linkCopied: 'Lenken er kopiert', // ours
  sendMessage: 'Send melding',
  similar: 'Lignende bedrifter i samme bransje',
  seeAll: 'Se alle bedrifter til salgs',
  loginTitle: 'Logg inn for å fortsette', // ours
  loginText: 'Du må være innlogget for å kontakte selgeren.', // ours
  toLogin: 'Gå til innlogging',
  notFoundTitle: 'Fant ikke annonsen', // ours
  /** The API's answer for an id that is unknown, malformed or not the caller's to see. */
  notFound: 'Fant ikke annonsen', // ours
  notFoundText: 'Annonsen finnes ikke, eller den er ikke lenger publisert.', // ours
  failedTitle: 'Noe gikk galt', // ours: the page could not be loaded for another reason
  backToListings: 'Se alle bedrifter til salgs',
  backToSearch: 'Tilbake til søket',
  listingCode: 'Annonsekode', // FINN's word
  published: 'Publisert', // ours
  updated: 'Sist endret', // ours
  facts: 'Om annonsen', // ours: the code and dates' list name
  notPublicNote: 'Denne annonsen er ikke publisert. Bare du og administratorene ser den.', // ours
  sellerFallback: 'Selger', // ours
  contactFailed: 'Kunne ikke hente kontaktinformasjon.', // ours
} as const;

export const gallery = {
  counter: (n: number, total: number) => `${n} / ${total}`,
  seeAll: 'Se alle bilder',
  showAll: 'Vis alle bilder',
  viewerCounter: (n: number, total: number) => `Bilde ${n} av ${total}`,
  previous: 'Forrige bilde', // ours
  next: 'Neste bilde', // ours
  close: 'Lukk', // ours
  thumbnail: (n: number) => `Vis bilde ${n}`, // ours
  alt: (title: string, n: number) => `${title} – bilde ${n}`, // ours
  none: 'Ingen bilder', // ours
} as const;

export const landingSections = {
  sellTitle: 'Selge bedrift?',
  // The promise's hours are the setting in /admin/innstillinger (listing.reviewPromise); null while it loads.
  sellSteps: (hours: number | null) => [
    { title: 'Legg ut annonsen gratis', text: 'Beskriv bedriften, legg ved bilder og nøkkeltall. Det tar ti minutter.' },
    { title: hours === null ? 'Vi godkjenner hver annonse' : `Vi godkjenner innen ${hours} timer`, text: 'Hver annonse leses av en person før den publiseres.' },
    { title: 'Kjøpere tar kontakt med deg', text: 'Svar direkte i innboksen – uten meglere og uten provisjon.' },
  ], // ours
  sellButton: 'Legg ut annonse',
  forSaleTitle: 'Bedrifter til salgs nå',
  // The counters count what browse counts: public listings, sold ones too (said in the label).
  counts: { forSale: 'annonser, solgte medregnet', newLast24h: 'nye siste 24 timer', industries: 'bransjer' }, // ours
  seeAll: 'Se alle bedrifter til salgs',
  howTitle: 'Hvordan det fungerer',
  howSteps: [
    { title: 'Søk og filtrer', text: 'Finn bedrifter etter bransje, sted og pris.' },
    { title: 'Lagre favoritter', text: 'Samle de mest interessante og følg dem over tid.' },
    { title: 'Kontakt selger', text: 'Send en melding eller forespørsel direkte til eieren.' },
    { title: 'Gjør en avtale', text: 'Dere blir enige om pris og overtakelse – uten mellomledd.' },
  ], // ours
  safeTitle: 'Trygt og enkelt',
  safePoints: [
    'Alle annonser godkjennes manuelt før publisering',
    'Kontaktinformasjon vises bare til innloggede brukere',
    'Ingen skjulte kostnader – det er gratis å selge og kjøpe',
  ], // ours
  aboutTitle: 'Om oss', // ours
  aboutText:
    'Bedriftstorget er en norsk markedsplass der eiere av små og mellomstore bedrifter selger direkte til kjøpere. Vi tror på åpenhet, fart og enkelhet – uten meglere og uten kostnader.', // ours
  aboutCompany: (orgNr: string, address: string) => `Bedriftstorget AS, org.nr. ${orgNr}, ${address}.`, // ours
  contactTitle: 'Kontakt', // ours
  contactText: 'Spørsmål? Skriv til kontakt@bedriftstorget.no, så svarer vi innen én virkedag.', // ours
  privacyTitle: 'Personvern', // ours
  privacyText:
    'Vi lagrer bare det som trengs for å drive markedsplassen: konto, annonser og meldinger. Innloggingen bruker en sikker informasjonskapsel, og vi selger aldri data til andre.', // ours
  termsTitle: 'Vilkår', // ours
  termsText:
    'Annonser må gjelde reelle virksomheter og gi korrekte opplysninger. Vi kan avvise eller fjerne annonser som bryter vilkårene.', // ours
  loadFailed: 'Kunne ikke laste annonser.',
} as const;
