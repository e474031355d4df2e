/** The seller's texts: wizard, images, drafts, my listings, profile (docs/product.md). "ours" as in nb.ts. */

export const wizard = {
  title: 'Legg ut annonse',
  editTitle: 'Rediger annonse', // ours
  steps: ['Grunninformasjon', 'Økonomi', 'Drift og struktur', 'Inkludert i salget', 'Eierens kommentar'], // ours
  stepOf: (n: number, total: number) => `Steg ${n} av ${total}`, // ours
  previous: 'Forrige',
  next: 'Neste',
  submit: 'Send til gjennomgang',
  save: 'Lagre endringer', // ours
  submitting: 'Sender …', // ours
  // The preview before 'Send til gjennomgang' (decision 149, FINN's habit). Ours.
  preview: {
    open: 'Forhåndsvis annonsen',
    title: 'Slik ser kjøpere annonsen',
    note: 'Dette er en forhåndsvisning. Annonsen er ikke sendt ennå.',
    back: 'Tilbake til skjemaet',
    images: (n: number) => (n === 1 ? '1 bilde' : `${n} bilder`),
    noImage: 'Ingen bilder lagt til',
  },
  fields: {
    title: 'Tittel', industry: 'Bransje', location: 'Sted', description: 'Beskrivelse', images: 'Bilder',
    price: 'Prisantydning (kr)', revenue: 'Omsetning siste år (kr)', profit: 'Resultat siste år (kr)',
    ownerSalary: 'Lønn til eier (kr)', debt: 'Gjeld (kr)', equityPercent: 'Egenkapitalandel (%)', growthPercent: 'Vekst siste år (%)',
    employees: 'Antall ansatte', established: 'Etablert (år)', companyForm: 'Selskapsform', premisesSize: 'Lokaler (m²)',
    ownPremises: 'Eier bedriften lokalene?', activeCustomers: 'Aktive kunder?', recurringRevenue: 'Gjentakende inntekter?',
    ownerDependency: 'Avhengighet av eier', contractObligations: 'Kontraktsforpliktelser', includedInSale: 'Inkludert i salget',
    ownerComment: 'Eierens kommentar', guestEmail: 'E-post for påminnelse (valgfritt)',
    orgnr: 'Organisasjonsnummer', confidential: 'Konfidensielt salg', verifiedBuyersOnly: 'Bare verifiserte kjøpere kan be om tilgang',
  }, // ours (labels)
  chooseIndustry: 'Velg bransje',
  choose: 'Velg …', // ours
  yes: 'Ja', // ours
  no: 'Nei', // ours
  notGiven: 'Ikke oppgitt', // ours
  dependency: { low: 'Lav', medium: 'Middels', high: 'Høy' }, // ours
  descriptionCounter: (n: number) => `${n}/2000 tegn`, // ours
  guestEmailHint: 'Vi sender deg én påminnelse hvis du ikke fullfører annonsen.', // ours
  // Each step's own check shows its messages under the fields, with this summary above them (decision 034).
  errorSummary: (n: number) => `Rett opp ${n} feil`, // ours
  editNeedsImage: 'Du må ha minst ett bilde',
  validationTitle: 'Valideringsfeil',
  createFailed: 'Kunne ikke opprette annonse. Prøv igjen.',
  imageGone: 'Et av bildene finnes ikke lenger. Last det opp på nytt.', // ours
  quotaTitle: 'Maksimalt antall annonser nådd',
  toMyListings: 'Gå til Mine annonser', // ours: from the wizard when the quota is full
  // There is no upgrade to buy: the way forward is a request staff answer (decision 141).
  quotaText: (n: number) => `Du har nådd maksimalt antall annonser (${n}). Be om flere annonser, så svarer vi på e-post.`,
  // Toasts say what happened, not 'Suksess!'.
  successTitle: 'Annonsen er mottatt', // ours
  editedTitle: 'Annonsen er oppdatert', // ours
  // The hours are the setting in /admin/innstillinger (listing.reviewPromise); null if it could not be read.
  successText: (hours: number | null) => (hours === null ? 'Annonsen er sendt til gjennomgang.' : `Annonsen er sendt til gjennomgang. Vi godkjenner den innen ${hours} timer.`), // ours
  savedText: 'Endringene er lagret.', // ours
  editLoadFailed: 'Kunne ikke laste annonse for redigering',
  /** Before saving an edit of a published listing: the edit becomes a revision for staff (decision 086). */
  revisionNote: 'Endringene vises når de er godkjent. Annonsen er synlig som før.',
  // Asked, not assumed: the figures go to staff as a valuation request only when the seller ticks this.
  wantsValuation: 'Jeg vil også ha en gratis verdivurdering ut fra tallene i annonsen', // ours
  wantsValuationHint: 'Tallene går til oss som en forespørsel om verdivurdering, og vi tar kontakt innen én virkedag.', // ours
  revisionSavedText: 'Endringene er sendt til godkjenning.', // ours
  welcomeBackTitle: 'Velkommen tilbake!', // ours
  welcomeBackText: 'Vi har hentet utkastet ditt.', // ours
  loginDialogTitle: 'Logg inn for å sende annonsen', // ours
  loginDialogText: 'Utkastet ditt er lagret. Opprett en bruker eller logg inn for å sende annonsen til gjennomgang.', // ours
  cancel: 'Avbryt',
  createAccount: 'Opprett bruker',
  login: 'Logg inn',
  waitForUploads: 'Vent til bildene er lastet opp', // ours
} as const;

export const images = {
  add: 'Legg til bilder', // ours
  hint: 'JPG, PNG eller WebP. Maks 5 bilder. Store bilder gjøres mindre før opplasting.', // ours
  tooManyTitle: 'For mange bilder',
  tooManyText: 'Du kan laste opp maksimalt 5 bilder',
  keptFirst: (kept: number, picked: number) => `Du valgte ${picked} bilder. Maks er 5, så vi tok med de ${kept} første.`, // ours
  inputLabel: 'Velg bilder fra enheten', // ours: the hidden file input's name
  notImageTitle: 'Ugyldig fil', // ours
  notImageText: 'Bare bildefiler (JPG, PNG eller WebP) kan lastes opp.', // ours
  notValidImage: 'Filen er ikke et gyldig bilde.', // ours
  tooLarge: 'Bildet er for stort.', // ours
  uploadFailed: 'Opplastingen feilet. Prøv igjen.', // ours
  tooManyUploads: 'Du har lastet opp mange bilder på kort tid. Vent litt og prøv igjen.', // ours
  waitingForLogin: 'Lastes opp når du er logget inn', // ours
  uploading: (percent: number) => `Laster opp … ${percent} %`, // ours
  uploaded: 'Lastet opp', // ours
  remove: (n: number) => `Fjern bilde ${n}`, // ours
  moveLeft: (n: number) => `Flytt bilde ${n} til venstre`, // ours
  moveRight: (n: number) => `Flytt bilde ${n} til høyre`, // ours
  retry: 'Prøv igjen', // ours
  // The wizard's last step when a submit found pictures that could not be stored.
  notStored: (position: number) => `Bilde ${position} ble ikke lastet opp.`, // ours
  notStoredHelp: 'Gå til bildene i steg 1 og trykk «Prøv igjen», eller fjern bildet og velg et annet.', // ours
  showImages: 'Gå til bildene', // ours
  mainImage: 'Hovedbilde', // ours
} as const;

/** The owner's tools on their own listing page (decision 146): only the signed-in owner sees them. */
export const ownerTools = {
  heading: 'Din annonse', // ours
  edit: 'Rediger',
  markSold: 'Marker som solgt',
  statistics: 'Statistikk',
} as const;

export const myListings = {
  title: 'Mine annonser',
  statusFilter: 'Vis status', // ours
  allStatuses: (n: number) => `Alle (${n})`, // ours
  statusCount: (label: string, n: number) => `${label} (${n})`, // ours
  view: 'Vis', // ours
  edit: 'Rediger', // ours
  delete: 'Slett', // ours
  markSold: 'Marker som solgt', // ours
  markedSold: 'Annonsen er markert som solgt', // ours
  confirmDelete: 'Er du sikker på at du vil slette denne annonsen?',
  deleted: 'Annonse slettet',
  deleteFailed: 'Kunne ikke slette annonsen.',
  loadFailed: 'Kunne ikke laste annonser.',
  emptyTitle: 'Du har ingen annonser ennå', // ours
  emptyText: 'Legg ut din første annonse – det er gratis.', // ours
  newListing: 'Legg ut annonse',
  quota: (used: number, max: number) => `${used} av ${max} ${max === 1 ? 'annonse' : 'annonser'} brukt`, // ours: '1 av 1 annonse brukt'
  /** A published listing with the seller's edit waiting for staff (decision 086). */
  revisionPending: 'Endringer venter godkjenning',
  /** Staff's reason for rejecting the listing or its last revision, seen here and not only in the mail (decision 087). */
  rejected: (reason: string) => `Avslått: ${reason}`, // ours
  rejectedNote: (note: string) => `Melding fra Bedriftstorget: ${note}`, // ours
  resubmit: 'Rediger og send inn på nytt', // ours
  /** The live version leads the card; the edit waiting for staff is named beside it (ours). */
  revisionTitle: (title: string) => `Ny tittel: ${title}`,
  revisionLocation: (location: string) => `Nytt sted: ${location}`,
  revisionPrice: (price: string) => `Ny pris: ${price}`,
  /** An inactive listing says why and what to do (decision 140; ours). */
  deactivated: 'Deaktivert av Bedriftstorget',
  deactivatedReason: (reason: string) => `Etter en rapport om: ${reason}`,
} as const;

export const drafts = {
  title: 'Mine utkast',
  continue: 'Fortsett', // ours
  delete: 'Slett', // ours
  deleted: 'Utkast slettet',
  untitled: 'Uten tittel', // ours
  savedAt: (when: string) => `Sist lagret ${when}`, // ours
  emptyTitle: 'Du har ingen utkast', // ours
  emptyText: 'Når du begynner på en annonse, lagres utkastet her automatisk.', // ours
} as const;

/** One word per user type for /profil and /admin/brukere alike, so the two never disagree (decision 140; ours). */
export const userTypeLabels = { individual: 'Privatperson', company: 'Bedrift', broker: 'Megler' } as const;
/** The plans' names, in /mine-annonser, the quota gate and /admin/brukere alike (ours). */
export const planLabels = { free: 'Gratis', pro: 'Pro', partner: 'Partner' } as const;

export const profile = {
  title: 'Min profil',
  fullName: 'Fullt navn', // ours
  companyName: 'Firmanavn (valgfritt)', // ours
  phone: 'Telefon', // ours
  email: 'E-post', // ours
  emailReadOnly: 'E-postadressen kan ikke endres her.', // ours
  save: 'Lagre',
  saved: 'Profil oppdatert!',
  saveFailed: 'Kunne ikke lagre profilen.',
  accountTitle: 'Kontoinformasjon', // ours
  type: 'Kontotype', // ours
  plan: 'Plan', // ours
  maxListings: 'Maks antall annonser', // ours
  userTypes: userTypeLabels,
  plans: { free: 'Gratis', pro: 'Pro', partner: 'Partner' }, // 'Gratis' as docs/product.md gives it; others ours
  phoneInvalid: 'Ugyldig telefonnummer. Bruk 8 siffer, eller + og landskode.', // ours
  nameTooLong: 'Navnet kan være maksimalt 100 tegn', // ours
  notFound: 'Fant ikke profilen', // ours
  dataTitle: 'Dine data', // ours
  dataText: 'Last ned alt vi har lagret om deg: profil, annonser med bilder, lagrede annonser og søk, meldinger, forespørsler, rapporter og verdivurderinger. Du får en lesbar oversikt (oversikt.html) og de samme dataene maskinlesbart (data.json) i én zip-fil.', // ours
  download: 'Last ned mine data',
  downloading: 'Henter dataene …', // ours
  downloadFailed: 'Kunne ikke hente dataene. Prøv igjen.', // ours
  downloadFile: 'bedriftstorget-mine-data.zip', // ours
} as const;

/** What the owner of a deactivated listing can do (the mail and /mine-annonser say the same; ours). */
export const inactiveNextStep =
  'Slik går du videre: Rett det meldingen peker på med «Rediger», og skriv til kontakt@bedriftstorget.no. Vi ser på annonsen igjen og publiserer den når den er i orden.';

/** 'Be om flere annonser' (decision 141; ours): the quota gate's and Mine annonser's way past the limit. */
export const quotaRequestTexts = {
  planLine: (plan: string, max: number) => `Kontoen din: ${plan}, inntil ${max} ${max === 1 ? 'annonse' : 'annonser'} samtidig (publiserte og til godkjenning).`,
  open: 'Be om flere annonser',
  title: 'Be om flere annonser',
  description: 'Si hvor mange annonser du trenger. Vi svarer på e-post, vanligvis innen én virkedag.',
  wantedLabel: 'Hvor mange annonser trenger du i alt?',
  wantedInvalid: 'Skriv et helt tall fra 1 til 1000',
  wantedNotMore: (max: number) => `Du har allerede inntil ${max}. Skriv et høyere tall.`,
  messageLabel: 'Melding til oss (valgfritt)',
  messageMax: 'Meldingen kan være maksimalt 500 tegn',
  send: 'Send forespørselen',
  sent: 'Forespørselen er sendt',
  sentText: 'Vi svarer på e-post, vanligvis innen én virkedag.',
  waiting: (wanted: number, when: string) => `Du ba ${when} om ${wanted} annonser. Forespørselen venter på svar.`,
  alreadyOpen: 'Du har allerede en forespørsel som venter på svar.',
  declined: (when: string) => `Forespørselen din ${when} ble ikke innvilget.`,
  granted: (when: string) => `Forespørselen din ${when} ble innvilget.`,
  note: (note: string) => `Melding fra Bedriftstorget: ${note}`,
  tooMany: 'Du har sendt mange forespørsler om flere annonser. Vent litt og prøv igjen.',
  failed: 'Kunne ikke sende forespørselen',
} as const;
