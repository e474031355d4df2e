import { formatNumber } from '../format/nb';
/**
 * Texts of shareable listing pages and reports (docs/product.md, 'Listing detail' and 'Admin'); part
 * of the catalogue with nb.ts. "ours" as in nb.ts.
 */
import { inactiveNextStep } from './seller';

/** What crawlers and link previews read in the page head (ours). */
export const seo = {
  siteName: 'Bedriftstorget',
  titleSuffix: ' – Bedriftstorget',
  locale: 'nb_NO',
  /** The description's first facts, before the listing's own text. */
  facts: (price: string, industry: string, location: string) => `${price} · ${industry} · ${location}.`,
  notFoundTitle: 'Fant ikke annonsen – Bedriftstorget',
} as const;

/** 'Del annonse' when the copy fails (ours; the button and 'Lenken er kopiert' are in marketplace.ts). */
export const shareTexts = {
  copyFailed: 'Kunne ikke kopiere lenken',
  copyFailedText: (url: string) => `Kopier den selv: ${url}`,
} as const;

/** The detail page's 'Rapporter annonse' dialog. */
export const reportDialog = {
  open: 'Rapporter annonse',
  title: 'Rapporter annonse',
  description: 'Fortell oss hva som er galt. Vi ser på alle rapporter, og selgeren får ikke vite hvem som rapporterte.', // ours
  reason: 'Grunn', // ours
  reasons: {
    fraud: 'Mistenkt svindel',
    wrong_info: 'Feil informasjon',
    sold: 'Allerede solgt',
    other: 'Annet',
  },
  comment: 'Kommentar (valgfritt)', // ours
  commentHint: 'Maks 1000 tegn.', // ours
  send: 'Send',
  sent: 'Takk, vi ser på saken',
  reasonRequired: 'Velg en grunn', // ours
  commentMax: 'Kommentaren kan være maksimalt 1000 tegn', // ours
  alreadyOpen: 'Du har allerede rapportert denne annonsen. Vi ser på saken.', // ours
  ownListing: 'Du kan ikke rapportere din egen annonse', // ours
  recentlyDismissed: 'Vi har nylig vurdert rapporten din om denne annonsen. Du kan rapportere den igjen etter 7 dager.', // ours
  tooMany: 'Du har sendt mange rapporter på kort tid. Vent litt og prøv igjen.', // ours
  loginTitle: 'Logg inn for å rapportere', // ours
  loginText: 'Du må være innlogget for å rapportere en annonse.', // ours
} as const;

/** /admin/rapporter. */
export const adminReports = {
  title: 'Rapporter',
  intro: 'Åpne rapporter fra brukere, eldste først.', // ours
  overviewCard: 'Åpne rapporter', // ours: the count on the overview
  columns: { listing: 'Annonse', reason: 'Grunn', comment: 'Kommentar', reporter: 'Rapportert av', created: 'Mottatt', actions: 'Handlinger' }, // ours
  noComment: '–', // ours
  dismiss: 'Avvis',
  act: 'Deaktiver annonsen',
  dismissFor: (title: string) => `Avvis rapporten om ${title}`, // ours
  actFor: (title: string) => `Deaktiver annonsen ${title}`, // ours
  confirmActTitle: 'Deaktiver annonsen?', // ours
  confirmActText: (title: string) => `«${title}» tas av de offentlige sidene, og eieren får en e-post med grunnen og meldingen din.`, // ours
  noteLabel: 'Melding til eieren', // ours
  noteHint: 'Hva er galt, og hva må eieren gjøre? Eieren ser meldingen i e-posten og under Mine annonser.', // ours
  noteRequired: 'Skriv en melding til eieren', // ours
  noteMax: 'Meldingen kan være maksimalt 500 tegn', // ours
  dismissed: 'Rapporten er avvist', // ours
  acted: 'Annonsen er deaktivert', // ours
  empty: 'Ingen åpne rapporter', // ours
  openCount: (n: number) => (n === 1 ? '1 åpen rapport' : `${formatNumber(n)} åpne rapporter`), // ours
  loadFailed: 'Kunne ikke laste rapportene', // ours
  notFound: 'Fant ikke rapporten', // ours
  alreadyHandled: 'Rapporten er allerede behandlet', // ours
} as const;

/** What admin_logs.action holds for reports (ours). */
export const reportLogActions = {
  dismissed: 'Avviste rapport',
  deactivated: 'Deaktiverte annonse etter rapport',
} as const;

/** The owner's mail when a report led to deactivation (ours). */
export const reportMail = {
  subject: (title: string) => `Annonsen din er deaktivert: ${title}`,
  // The reporter's word is what the report was about, not staff's verdict; staff's own note says why (decision 140).
  text: (title: string, reason: string, note: string | null, link: string) =>
    `Hei!\n\nAnnonsen «${title}» er deaktivert av Bedriftstorget etter at en bruker rapporterte den, og vises ikke lenger på Bedriftstorget.\nRapporten gjaldt: ${reason}${note ? `\nMelding fra Bedriftstorget: ${note}` : ''}\n\n${inactiveNextStep}\n\nDu finner annonsen under Mine annonser:\n${link}\n\nHilsen Bedriftstorget`,
} as const;

