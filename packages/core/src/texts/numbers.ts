import { formatNumber } from '../format/nb';
/**
 * Texts of Innstillinger, Verdivurderinger and both Statistikk pages (docs/product.md, 'Numbers and
 * settings'). Part of the catalogue with nb.ts; labels given there are exact, the rest "ours".
 */
export const settingsTexts = {
  title: 'Innstillinger',
  intro: 'Endringer gjelder med en gang for nye handlinger og føres i admin-loggen.', // ours
  fields: {
    reviewPromiseHours: 'Godkjenningsfrist (timer)', // ours
    reviewAlertHours: 'Varsle admin etter (timer)', // ours
    // Says what the quota counts (seller/quota.ts): published listings and those waiting for approval.
    maxActiveListings: 'Maks annonser per bruker (publiserte og til godkjenning)', // ours
    signupsOpen: 'Åpent for nye registreringer', // ours
  },
  saved: 'Innstillinger lagret', // ours
  unchanged: 'Ingen endringer å lagre', // ours
  loadFailed: 'Kunne ikke laste innstillingene', // ours
  promiseInvalid: 'Fristen må være et helt antall timer fra 1 til 720', // ours
  alertInvalid: 'Varselet må være et helt antall timer fra 1 til 720', // ours
  alertBeforePromise: 'Varselet må komme før fristen', // ours
  quotaInvalid: 'Skriv et helt tall fra 1 til 10 000', // ours: 0 would stop every new listing; a single user's 0 is set on the user
  logged: (label: string) => `Innstilling endret: ${label}`,
  signupsClosed: 'Registrering av nye brukere er stengt for øyeblikket. Prøv igjen senere.', // ours
} as const;

export const valuationAdmin = {
  title: 'Verdivurderinger',
  intro: 'Alle verdivurderinger fra forsiden, nyeste først.', // ours
  columns: { date: 'Dato', industry: 'Bransje', revenue: 'Omsetning', profit: 'Resultat', estimate: 'Estimat', email: 'E-post', status: 'Status' }, // ours
  statuses: { new: 'Ny', contacted: 'Kontaktet', closed: 'Avsluttet' },
  statusFor: (date: string) => `Status for verdivurdering ${date}`, // ours
  noEmail: 'Ikke oppgitt', // ours
  empty: 'Ingen verdivurderinger ennå', // ours
  loadFailed: 'Kunne ikke laste verdivurderinger', // ours
  updated: 'Status oppdatert', // ours
  notFound: 'Fant ikke verdivurderingen', // ours
  logged: 'Endret status på verdivurdering', // ours
} as const;

export const sellerStats = {
  title: 'Statistikk',
  intro: 'Tall for dine annonser, totalt og siste 30 dager.', // ours
  columns: { title: 'Annonse', status: 'Status', views: 'Visninger', saves: 'Lagret', messages: 'Meldinger', inquiries: 'Forespørsler', offers: 'Bud' },
  total: 'Totalt', // ours
  last30: 'Siste 30 dager', // ours
  chartTitle: 'Per dag, siste 30 dager', // ours: views, saves and messages, each in its own chart
  tableTitle: 'Tall per annonse', // ours
  scrollHint: 'Dra tabellen sidelengs for å se alle tallene.', // ours
  chooseListing: 'Vis for', // ours
  allListings: 'Alle annonser', // ours
  seriesViews: 'Visninger',
  seriesSaves: 'Lagret',
  seriesMessages: 'Meldinger',
  showTable: 'Vis som tabell', // ours
  hideTable: 'Skjul tabell', // ours
  day: 'Dag', // ours
  empty: 'Du har ingen annonser ennå. Når du legger ut en annonse, ser du her hvor mange som ser på den.', // ours
  createListing: 'Legg ut annonse',
  loadFailed: 'Kunne ikke laste statistikken', // ours
} as const;

export const adminStatsTexts = {
  title: 'Statistikk',
  reviewTitle: 'Godkjenningsløftet', // ours
  timeToApproval: 'Tid til godkjenning',
  median: 'median', // ours: inside brackets after 'Tid til godkjenning', so lower case
  p95: '95. persentil', // ours
  within: (hours: number) => `Innen ${hours} timer`,
  reviewed: 'Behandlet', // ours
  week: 'Uke', // ours
  // A week bucket as people say it, not its first day's date.
  weekLabel: (n: number) => `uke ${n}`, // ours
  hours: (h: number | null) => (h === null ? '–' : `${h.toFixed(1).replace('.', ',')} t`), // ours
  share: (s: number | null) => (s === null ? '–' : `${Math.round(s * 100)} %`), // ours
  activityTitle: 'Aktivitet', // ours
  range: 'Periode', // ours
  days: (n: number) => `${n} dager`, // ours
  bucket: 'Vis per', // ours
  perDay: 'Dag', // ours
  perWeek: 'Uke', // ours
  series: {
    listings: 'Nye annonser',
    approvals: 'Godkjent',
    rejections: 'Avslått',
    users: 'Nye brukere',
    messages: 'Meldinger',
    inquiries: 'Forespørsler',
    valuations: 'Verdivurderinger',
  },
  showTable: 'Vis som tabell', // ours
  hideTable: 'Skjul tabell', // ours
  period: 'Periode', // ours
  loadFailed: 'Kunne ikke laste statistikken', // ours
} as const;

/** /meldinger's second list: inquiries about the seller's own listings. */
export const inquiryInbox = {
  conversations: 'Samtaler', // ours
  inquiries: 'Forespørsler',
  tabsLabel: 'Vis', // ours
  empty: 'Ingen forespørsler ennå', // ours
  about: (title: string) => `Om ${title}`, // ours
  more: 'Vis flere', // ours
  loadFailed: 'Kunne ikke laste forespørsler', // ours
} as const;

/** The admin CSV export is built in one response: this many rows at most (about 3 MB). */
export const CSV_MAX_ROWS = 20_000;

export const csvTexts = {
  tooMany: (max: number) => `Eksporten er begrenset til ${formatNumber(max)} annonser. Bruk filtrene for å velge færre.`, // ours
} as const;
