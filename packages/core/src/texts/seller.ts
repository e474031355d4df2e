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
  fields: {
    title: 'Tittel', industry: 'Bransje', location: 'Sted', description: 'Beskrivelse', images: 'Bilder',
    price: 'Prisantydning (kr)', revenue: 'Omsetning siste år (kr)', profit: 'Resultat siste år (kr)',
    ownerSalary: 'Lønn til eier (kr)', debt: 'Gjeld (kr)', equityPercent: 'Egenkapitalandel (%)', growthPercent: 'Vekst siste år (%)',
    employees: 'Antall ansatte', established: 'Etablert (år)', companyForm: 'Selskapsform', premisesSize: 'Lokaler (m²)',
    ownPremises: 'Eier bedriften lokalene?', activeCustomers: 'Aktive kunder?', recurringRevenue: 'Gjentakende inntekter?',
    ownerDependency: 'Avhengighet av eier', contractObligations: 'Kontraktsforpliktelser', includedInSale: 'Inkludert i salget',
    ownerComment: 'Eierens kommentar', guestEmail: 'E-post for påminnelse (valgfritt)',
    orgnr: 'Organisasjonsnummer', confidential: 'Konfidensielt salg',
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
  quotaText: (n: number) => `Du har nådd maksimalt antall annonser (${n}). Oppgrader kontoen din for å legge ut flere annonser.`,
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
  userTypes: { individual: 'Individuell', company: 'Bedrift', broker: 'Megler' }, // 'Individuell' as docs/product.md gives it; others ours
  plans: { free: 'Gratis', pro: 'Pro', partner: 'Partner' }, // 'Gratis' as docs/product.md gives it; others ours
  phoneInvalid: 'Ugyldig telefonnummer. Bruk 8 siffer, eller + og landskode.', // ours
  nameTooLong: 'Navnet kan være maksimalt 100 tegn', // ours
  notFound: 'Fant ikke profilen', // ours
  dataTitle: 'Dine data', // ours
  dataText: 'Last ned alt vi har lagret om deg: profil, annonser med bilder, lagrede annonser og søk, meldinger, forespørsler, rapporter og verdivurderinger.', // ours
  download: 'Last ned mine data',
  downloading: 'Henter dataene …', // ours
  downloadFailed: 'Kunne ikke hente dataene. Prøv igjen.', // ours
  downloadFile: 'bedriftstorget-mine-data.json', // ours
} as const;
