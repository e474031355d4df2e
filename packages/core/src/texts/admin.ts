/**
 * The admin back office's texts (docs/product.md, 'Admin' and 'Admin details'); part of the
 * catalogue with nb.ts, whose `admin` const keeps the layout's texts. "ours" as in nb.ts.
 */
import type { ListingStatus } from '../listing/enums';
import { expiry } from './lifecycle';
import { planLabels, userTypeLabels } from './seller';

export const adminCommon = {
  error: 'Feil',
  cancel: 'Avbryt',
  save: 'Lagre',
  dash: '–', // ours: an empty cell
  actions: 'Handlinger',
  selected: (n: number) => `${n} valgt`,
  selectAll: 'Velg alle på siden', // ours: the header checkbox's name
  selectRow: (title: string) => `Velg ${title}`, // ours: a row checkbox's name
  previousPage: 'Forrige side', // ours
  nextPage: 'Neste side', // ours
  pageInfo: (from: number, to: number, total: number) => `Viser ${from}–${to} av ${total}`, // ours
  notSet: 'Ikke satt',
  unknown: 'Ukjent',
  page: (n: number) => `Side ${n}`, // ours
  retry: 'Prøv igjen', // ours
  selection: 'Valgte rader', // ours: the bulk bar's name
  saving: 'Lagrer …', // ours
} as const;

export const overview = {
  title: 'Oversikt', // ours: Norwegian, not 'Dashboard'
  statsTitle: 'Tall nå', // ours: landmark name of the stat cards
  stats: {
    pending: 'Venter godkjenning', // ours
    active: 'Aktive annonser', // ours
    sold: 'Solgte', // ours
    archived: 'Arkiverte', // ours
    rejected: 'Avslåtte', // ours
    overdue: (promiseHours: number) => `Over ${promiseHours} timer`, // ours: follows the promise setting
    newUsers: 'Nye brukere siste 7 dager', // ours
    newLeads: 'Nye henvendelser siste 7 dager', // ours
  },
  queueTitle: 'Til godkjenning',
  queueRegion: 'Annonser i køen', // ours: the scrolling box around the queue's table
  queueIntro: (promiseHours: number) => `Eldste først. Vi lover godkjenning innen ${promiseHours} timer.`, // ours
  queueEmpty: 'Ingen annonser venter på godkjenning', // ours
  queueMore: (shown: number, total: number) => `Viser ${shown} av ${total} som venter`, // ours
  columns: { title: 'Tittel', industry: 'Bransje', owner: 'Eier', age: 'Alder', actions: 'Handlinger' }, // ours except Tittel, Bransje, Handlinger
  age: (hours: number) => (hours < 24 ? `${hours} t` : `${Math.floor(hours / 24)} d ${hours % 24} t`), // ours
  overdue: 'Over fristen', // ours: past the promise (app_settings)
  nearLimit: 'Haster', // ours: at or past the alert threshold
  approve: 'Godkjenn', // ours
  reject: 'Avslå', // ours
  approveSelected: 'Godkjenn valgte', // ours
  rejectSelected: 'Avslå valgte', // ours
  approved: 'Annonse godkjent',
  rejected: 'Annonse avslått',
  approvedMany: (n: number) => `${n} annonser godkjent`,
  rejectedMany: (n: number) => `${n} annonser avslått`,
  approveFailed: 'Kunne ikke godkjenne annonse',
  rejectFailed: 'Kunne ikke avslå annonse',
  alreadyReviewed: 'Annonsen er allerede behandlet', // ours: a second admin was quicker
  /** The seller (or another admin) saved a newer version after the queue was opened (decision 106): nothing was decided. */
  staleVersion: (titles: string[]) =>
    titles.length === 1
      ? `«${titles[0]}» er endret etter at du åpnet køen. Ingenting er godkjent eller avslått – se gjennom den nye versjonen først.`
      : `${titles.length} annonser er endret etter at du åpnet køen (${titles.map((t) => `«${t}»`).join(', ')}). Ingenting er godkjent eller avslått – se gjennom de nye versjonene først.`, // ours
  newVersion: 'Ny versjon: endret etter at du åpnet køen', // ours: a save while staff were reading (decision 106)
  versionsMissing: 'Oppdater siden og prøv igjen: versjonen du så mangler.', // ours: every id needs the version staff saw
  /** A seller's edit of a published listing in the queue (decision 086): each changed field, before and after. */
  revisionTitle: 'Endringer til godkjenning',
  revisionColumns: { field: 'Felt', before: 'Før', after: 'Nå' }, // ours
  revisionImages: 'Bilder', // ours
  revisionImageCount: (n: number) => (n === 1 ? '1 bilde' : `${n} bilder`), // ours
  revisionImagesChanged: (before: number, after: number) => `${before} → ${after} bilder, endret`, // ours
  revisionEmpty: '(tomt)', // ours
  loadFailed: 'Kunne ikke laste oversikten', // ours
} as const;

/** Admin status badges (ours: the product gives their colours, not their words). */
export const adminStatusLabels: Record<ListingStatus, string> = {
  pending: 'Venter',
  active: 'Aktiv',
  sold: 'Solgt',
  archived: 'Arkivert',
  rejected: 'Avslått',
  inactive: 'Inaktiv',
  unlisted: 'Avpublisert',
  expired: expiry.status,
};

export const adminListings = {
  title: 'Annonser',
  search: 'Søk...',
  searchLabel: 'Søk i annonser', // ours
  statusFilter: 'Status', // ours
  allStatuses: 'Alle statuser', // ours
  industryFilter: 'Bransje', // ours
  allIndustries: 'Alle bransjer', // ours
  exportCsv: 'Eksporter CSV',
  csvFileName: 'annonser.csv',
  columns: {
    title: 'Tittel',
    industry: 'Bransje',
    location: 'Sted',
    revenue: 'Oms',
    profit: 'Resultat',
    status: 'Status',
    featured: 'Fremhevet', // ours: Norwegian, not 'Featured'
    created: 'Opprettet',
    actions: 'Handlinger',
  },
  featuredYes: 'Ja', // the CSV's Ja/Nei, shown in the table too
  featuredNo: 'Nei',
  edit: 'Rediger', // ours
  setActive: 'Sett aktiv',
  archive: 'Arkiver',
  delete: 'Slett',
  markSold: 'Marker solgt',
  feature: 'Fremhev', // ours: Norwegian, not 'Feature'
  rowActions: (title: string) => `Handlinger for ${title}`, // ours
  confirmDelete: 'Er du sikker på at du vil slette denne annonsen?',
  confirmBulkDelete: (n: number) => `Slett ${n} annonser?`,
  confirmTitle: 'Bekreft sletting', // ours: the dialog's title
  updated: 'Annonse oppdatert',
  deleted: 'Annonse slettet',
  updatedMany: (n: number) => `${n} annonser oppdatert`,
  loadFailed: 'Kunne ikke laste annonser',
  empty: 'Ingen annonser passer filtrene', // ours
  exportFailed: 'Kunne ikke eksportere CSV', // ours
  notFound: 'Fant ikke annonsen', // ours (same as the detail page's)
  /** 'Sett aktiv' / 'Marker solgt' on a listing waiting for review: only the queue approves, naming the version staff read (decision 106). */
  approveInQueue: (titles: string[]) =>
    titles.length === 1
      ? `«${titles[0]}» venter på godkjenning. Godkjenn den fra køen, der du ser teksten – ingenting er endret.`
      : `${titles.length} annonser venter på godkjenning (${titles.map((t) => `«${t}»`).join(', ')}). Godkjenn dem fra køen, der du ser teksten – ingenting er endret.`, // ours
  inQueue: 'Godkjenn i køen', // ours: the row action of a waiting listing, a link to /admin/pending
  noChanges: 'Ingen endringer', // ours: an edit that sends no field
  noneSelected: 'Velg minst én annonse', // ours: a bulk action with no listing
} as const;

export const listingEdit = {
  title: 'Rediger annonse',
  description: 'Endringene lagres med en gang og føres i admin-loggen.', // ours
  fields: {
    title: 'Tittel',
    industry: 'Bransje',
    location: 'Sted',
    price: 'Pris',
    revenue: 'Omsetning',
    profit: 'Resultat',
    employees: 'Ansatte',
    established: 'Etablert',
    status: 'Status',
    featured: 'Fremhevet', // ours: Norwegian, not 'Featured'
    description: 'Beskrivelse',
  },
  chooseIndustry: 'Velg bransje',
} as const;

export const adminUsers = {
  title: 'Brukere',
  search: 'Søk på navn eller e-post...',
  searchLabel: 'Søk i brukere', // ours
  columns: { name: 'Navn', email: 'E-post', vipps: 'Vipps', type: 'Type', plan: 'Plan', listings: 'Annonser', created: 'Opprettet', actions: 'Handlinger' }, // ours: 'Vipps' (in the table's order)
  verifiedOnly: 'Bare verifiserte med Vipps', // ours: the list's filter
  notVerified: 'Ikke verifisert', // ours: the Vipps column's empty cell, read aloud
  notSet: 'Ikke satt',
  unknown: 'Ukjent',
  edit: 'Rediger', // ours
  editFor: (name: string) => `Rediger ${name}`, // ours
  editTitle: 'Rediger bruker',
  editDescription: 'Endringene føres i admin-loggen.', // ours
  fields: { fullName: 'Fullt navn', companyName: 'Organisasjon', phone: 'Telefon', userType: 'Brukertype', plan: 'Plan', maxListings: 'Max annonser' },
  userTypes: userTypeLabels, // the same words as /profil
  plans: planLabels,
  updated: 'Bruker oppdatert',
  loadFailed: 'Kunne ikke laste brukere',
  empty: 'Ingen brukere passer søket', // ours
  notFound: 'Fant ikke brukeren', // ours
  nameMax: 'Navnet kan være maksimalt 100 tegn', // ours
  companyMax: 'Organisasjonen kan være maksimalt 100 tegn', // ours
  phoneMax: 'Telefonnummeret kan være maksimalt 32 tegn', // ours
  maxListingsInvalid: 'Skriv et helt tall fra 0 til 10 000', // ours
  /** A badge by the e-mail of an address SES reported undeliverable: nothing is mailed to it any more (ours). */
  mailSuppressed: { bounce: 'E-post kommer ikke fram', complaint: 'Meldt som søppelpost' },
  mailSuppressedTitle: (date: string) => `Vi sender ikke lenger e-post til denne adressen (siden ${date}).`, // ours
} as const;

export const adminLog = {
  title: 'Admin logg',
  columns: { time: 'Tidspunkt', admin: 'Admin', type: 'Type', action: 'Handling', target: 'Gjelder' }, // ours: 'Gjelder', Norwegian for 'Target ID'
  types: { listing: 'Annonse', profile: 'Profil', lead: 'Henvendelse', user_role: 'Brukerrolle', setting: 'Innstilling', valuation: 'Verdivurdering' } as Record<string, string>, // ours
  targets: (n: number) => `${n} ${n === 1 ? 'annonse' : 'annonser'}`, // ours: a bulk entry's target count
  reason: 'Grunn', // ours
  empty: 'Ingen loggposter ennå',
  notSet: 'Ikke satt',
  loadFailed: 'Kunne ikke laste loggen', // ours: a failed load is logged, and said on the page too
} as const;

/** Bulk actions in the log (ours). */
export const bulkActionLabels: Record<string, string> = {
  approve: 'godkjente',
  reject: 'avslo',
  active: 'satte aktiv',
  sold: 'markerte solgt',
  feature: 'fremhevet',
  archive: 'arkiverte',
  delete: 'slettet',
};

/** The reject dialog (ours): a reason from a short list and free text, sent to the owner, so a rejection is never one unexplained click. */
export const rejectDialog = {
  title: 'Avslå annonse',
  titleMany: (n: number) => `Avslå ${n} annonser`,
  description: 'Grunnen sendes til eieren på e-post og føres i admin-loggen.',
  reason: 'Grunn',
  reasons: {
    incomplete: 'Mangler opplysninger',
    misleading: 'Villedende eller feil opplysninger',
    terms: 'Bryter vilkårene',
    duplicate: 'Duplikat av en annen annonse',
    other: 'Annet',
  } as Record<string, string>,
  note: 'Melding til eieren',
  noteHint: 'Valgfritt, men påkrevd for «Annet». Maks 500 tegn.',
  confirm: 'Avslå',
  reasonRequired: 'Velg en grunn',
  noteRequired: 'Skriv hva som må rettes',
  noteMax: 'Meldingen kan være maksimalt 500 tegn',
} as const;

/** A logged action as Norwegians read it: older entries hold the English 'Bulk <action>'. */
export function logActionLabel(action: string): string {
  const legacy = /^Bulk (\w+)$/.exec(action);
  return legacy ? loggedActions.bulk(legacy[1]!) : action;
}

/** What admin_logs.action holds (docs/product.md, 'Admin details'); approve and reject are ours. */
export const loggedActions = {
  updatedListing: 'Oppdaterte annonse',
  deletedListing: 'Slettet annonse',
  /** A bulk action's entry, in Norwegian; older entries hold 'Bulk <action>' and are read with logActionLabel. */
  bulk: (action: string) => `Massehandling: ${bulkActionLabels[action] ?? action}`, // ours
  updatedUser: 'Oppdaterte bruker',
  approvedListing: 'Godkjente annonse', // ours
  rejectedListing: 'Avslo annonse', // ours
  /** A seller's edit of a published listing decided alone: the listing was approved before (ours). */
  approvedChanges: 'Godkjente endringer',
  rejectedChanges: 'Avslo endringer',
} as const;

/** The e-mails of the review process (ours). */
export const reviewMail = {
  publishedSubject: (title: string) => `Annonsen din er publisert: ${title}`,
  publishedText: (title: string, link: string) =>
    `Hei!\n\nAnnonsen «${title}» er godkjent og publisert på Bedriftstorget:\n${link}\n\nKjøpere kan nå lagre den og kontakte deg direkte.\n\nHilsen Bedriftstorget`,
  rejectedSubject: (title: string) => `Annonsen din ble ikke godkjent: ${title}`,
  revisionApprovedSubject: (title: string) => `Endringene er publisert: ${title}`,
  revisionApprovedText: (title: string, link: string) => `Hei!\n\nEndringene i annonsen «${title}» er godkjent og vises nå på Bedriftstorget:\n${link}\n\nHilsen Bedriftstorget`,
  revisionRejectedSubject: (title: string) => `Endringene ble ikke godkjent: ${title}`,
  revisionRejectedText: (title: string, link: string, reason: string, note?: string) =>
    `Hei!\n\nEndringene i annonsen «${title}» ble dessverre ikke godkjent. Annonsen er synlig som før.\nGrunn: ${reason}${note ? `\n${note}` : ''}\n\nDu kan rette endringene og sende dem på nytt fra Mine annonser:\n${link}\n\nSpørsmål? Svar til kontakt@bedriftstorget.no.\n\nHilsen Bedriftstorget`,
  rejectedText: (title: string, link: string, reason: string, note?: string) =>
    `Hei!\n\nAnnonsen «${title}» ble dessverre ikke godkjent.\nGrunn: ${reason}${note ? `\n${note}` : ''}\n\nDu kan rette den og sende den inn på nytt fra Mine annonser:\n${link}\n\nSpørsmål? Svar til kontakt@bedriftstorget.no.\n\nHilsen Bedriftstorget`,
  alertSubject: (n: number, promiseHours: number) =>
    n === 1 ? `En annonse nærmer seg ${promiseHours}-timersfristen` : `${n} annonser nærmer seg ${promiseHours}-timersfristen`,
  alertText: (lines: string[], link: string, alertHours: number, promiseHours: number) =>
    `Hei!\n\nDisse annonsene har ventet på godkjenning i ${alertHours} timer eller mer. Vi lover godkjenning innen ${promiseHours} timer:\n\n${lines.join('\n')}\n\nGå til køen: ${link}\n\nHilsen Bedriftstorget`,
  alertLine: (title: string, hours: number, link: string, promiseHours: number) => `- ${title} (${hours} timer${hours >= promiseHours ? ', over fristen' : ''}): ${link}`,
  /** A waiting revision in the alert (decision 087): the listing is public, its changes wait. */
  alertRevisionTitle: (title: string) => `${title} – endringer`, // ours
  /** The receipt of 'Send til gjennomgang' (decision 146): the promise's hours are the setting's, as the landing's. */
  receiptSubject: 'Vi har mottatt annonsen din',
  receiptText: (title: string, link: string, promiseHours: number) =>
    `Hei!\n\nTakk! Vi har mottatt annonsen «${title}», og den venter nå på gjennomgang.\nVi går gjennom den innen ${promiseHours} timer og sender deg en e-post når den er publisert.\n\nDu finner den i Mine annonser:\n${link}\n\nHilsen Bedriftstorget`,
  revisionReceiptText: (title: string, link: string, promiseHours: number) =>
    `Hei!\n\nTakk! Vi har mottatt endringene i annonsen «${title}», og de venter nå på gjennomgang. Annonsen er synlig som før så lenge.\nVi går gjennom endringene innen ${promiseHours} timer og sender deg en e-post når de er publisert.\n\nDu finner annonsen i Mine annonser:\n${link}\n\nHilsen Bedriftstorget`,
  reminderSubject: 'Annonsen din er ikke sendt ennå',
  reminderText: (title: string | null, link: string, promiseHours: number) =>
    `Hei!\n\nDu begynte på en annonse${title ? ` («${title}»)` : ''} hos Bedriftstorget, men den er ikke sendt til gjennomgang ennå.\nUtkastet ligger i nettleseren du brukte. Fortsett her:\n${link}\n\nDet er gratis å legge ut annonsen, og vi godkjenner den innen ${promiseHours} timer.\n\nHilsen Bedriftstorget`,
} as const;

/** Staff's side of 'Be om flere annonser' in /admin/brukere (decision 141; ours). */
export const adminQuotaRequests = {
  badge: (wanted: number) => `Ber om ${wanted} annonser`,
  onlyRequests: 'Vis bare forespørsler om flere annonser',
  answer: 'Svar',
  answerFor: (name: string) => `Svar på forespørselen fra ${name}`,
  title: 'Forespørsel om flere annonser',
  asked: (wanted: number, max: number) => `Ber om ${wanted} annonser i alt (har nå inntil ${max}).`,
  theirMessage: (message: string) => `Brukerens melding: ${message}`,
  decision: 'Svar',
  grant: 'Gi flere annonser',
  decline: 'Avslå',
  maxLabel: 'Ny grense (annonser)',
  planLabel: 'Plan',
  noteLabel: 'Melding til brukeren',
  noteRequired: 'Skriv en melding til brukeren',
  noteMax: 'Meldingen kan være maksimalt 500 tegn',
  maxInvalid: 'Skriv et helt tall fra 0 til 10 000',
  planRequired: 'Velg en plan',
  send: 'Send svaret',
  answered: 'Svaret er sendt',
  notFound: 'Fant ikke forespørselen',
  alreadyAnswered: 'Forespørselen er allerede besvart',
  loggedAction: 'Svarte på forespørsel om flere annonser',
} as const;

/** The user's mail with staff's answer (decision 141; ours). */
export const quotaRequestMail = {
  grantedSubject: 'Du kan legge ut flere annonser',
  grantedText: (max: number, plan: string, note: string, link: string) =>
    `Hei!\n\nVi har økt grensen din til ${max} annonser samtidig (plan: ${plan}).\nMelding fra Bedriftstorget: ${note}\n\nLegg ut en ny annonse her:\n${link}\n\nHilsen Bedriftstorget`,
  declinedSubject: 'Svar på forespørselen om flere annonser',
  declinedText: (max: number, note: string, link: string) =>
    `Hei!\n\nVi kan dessverre ikke øke grensen din nå. Du kan fortsatt ha inntil ${max} annonser samtidig.\nMelding fra Bedriftstorget: ${note}\n\nDine annonser:\n${link}\n\nSpørsmål? Svar til kontakt@bedriftstorget.no.\n\nHilsen Bedriftstorget`,
} as const;
