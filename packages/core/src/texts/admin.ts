/**
 * The admin back office's texts (docs/product.md, 'Admin' and 'Admin details'); part of the
 * catalogue with nb.ts, whose `admin` const keeps the layout's texts. "ours" as in nb.ts.
 */
import type { ListingStatus } from '../listing/enums';
import { expiry } from './lifecycle';

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
  columns: { name: 'Navn', email: 'E-post', type: 'Type', plan: 'Plan', listings: 'Annonser', created: 'Opprettet', actions: 'Handlinger' },
  notSet: 'Ikke satt',
  unknown: 'Ukjent',
  edit: 'Rediger', // ours
  editFor: (name: string) => `Rediger ${name}`, // ours
  editTitle: 'Rediger bruker',
  editDescription: 'Endringene føres i admin-loggen.', // ours
  fields: { fullName: 'Fullt navn', companyName: 'Organisasjon', phone: 'Telefon', userType: 'Brukertype', plan: 'Plan', maxListings: 'Max annonser' },
  userTypes: { individual: 'Privatperson', company: 'Bedrift', broker: 'Megler' }, // ours: words, not the raw values
  plans: { free: 'Gratis', pro: 'Pro', partner: 'Partner' }, // ours
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
  reminderSubject: 'Annonsen din er ikke sendt ennå',
  reminderText: (title: string | null, link: string, promiseHours: number) =>
    `Hei!\n\nDu begynte på en annonse${title ? ` («${title}»)` : ''} hos Bedriftstorget, men den er ikke sendt til gjennomgang ennå.\nUtkastet ligger i nettleseren du brukte. Fortsett her:\n${link}\n\nDet er gratis å legge ut annonsen, og vi godkjenner den innen ${promiseHours} timer.\n\nHilsen Bedriftstorget`,
} as const;
