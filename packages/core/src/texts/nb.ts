/**
 * Every user-visible Norwegian text; those docs/product.md quotes are kept exactly as written there.
 * The UI and the tests both import from here so a text can never drift between what is shown and
 * what is asserted. Texts marked "ours" are wording chosen here, where the product's own
 * description gave none.
 */
export const brand = 'Bedriftstorget';

export const common = {
  loading: 'Laster...',
  error: 'Feil',
  genericError: 'Noe gikk galt. Prøv igjen.',
  cancel: 'Avbryt',
  save: 'Lagre',
  close: 'Lukk', // ours
  signInRequired: 'Du må være innlogget', // ours: a signed-in procedure called without a session
} as const;

export const nav = {
  forSale: 'Bedrifter til salgs',
  valuation: 'Verdivurdering',
  about: 'Om oss',
  postListing: 'Legg ut annonse',
  login: 'Logg inn',
  loginOrSignup: 'Logg inn / Opprett bruker',
  myAccount: 'Min konto',
  myProfile: 'Min profil',
  myListings: 'Mine annonser',
  myDrafts: 'Mine utkast',
  saved: 'Lagrede',
  savedSearches: 'Lagrede søk', // ours
  messages: 'Meldinger',
  /** The header's messages link: its name says the unread count, so a screen reader hears it without opening the menu. */
  unreadMessages: (n: number) => (n === 0 ? 'Meldinger, ingen uleste' : n === 1 ? '1 ulest melding' : `${n} uleste meldinger`), // ours
  savedCount: (n: number) => (n === 1 ? '1 lagret annonse' : `${n} lagrede annonser`), // ours: the badge's spoken text
  logout: 'Logg ut',
  openMenu: 'Åpne meny', // ours
  closeMenu: 'Lukk meny', // ours
  home: 'Til forsiden', // ours: the logo link's accessible name
  menu: 'Meny', // ours
  mainMenu: 'Hovedmeny', // ours: landmark name
  footerMenu: 'Bunnmeny', // ours: landmark name
  skipToContent: 'Hopp til innhold', // ours
  contact: 'Kontakt',
  privacy: 'Personvern',
  contactAddress: 'kontakt@bedriftstorget.no', // ours
} as const;

export const admin = {
  panel: 'Administrasjon', // ours: Norwegian, not 'Admin Panel'
  dashboard: 'Oversikt', // ours: Norwegian, not 'Dashboard'
  pending: 'Til godkjenning',
  listings: 'Annonser',
  users: 'Brukere',
  statistics: 'Statistikk',
  settings: 'Innstillinger',
  log: 'Admin logg',
  noAccessTitle: 'Ingen tilgang',
  noAccessText: 'Du har ikke tilgang til admin-panelet.',
  backHome: 'Tilbake til forsiden',
} as const;

export const notFound = {
  code: '404',
  title: 'Beklager, vi fant ikke siden', // ours: Norwegian, not the English 'Oops! Page not found'
  text: 'Lenken kan være feil, eller siden er flyttet.', // ours
  backHome: 'Tilbake til forsiden', // ours: the 404 page's link back home
} as const;

export const pages = {
  statistics: 'Statistikk',
  settings: 'Innstillinger',
  allListings: 'Alle annonser', // ours: page title of /alle-annonser
  profile: 'Min profil',
  wizard: 'Legg ut annonse',
  myListings: 'Mine annonser',
  myDrafts: 'Mine utkast',
  saved: 'Lagrede annonser',
  messages: 'Meldinger',
  listing: 'Annonse',
  comingSoon: 'Denne siden kommer snart.', // ours: placeholder body for screens built later
} as const;

export const auth = {
  loginTitle: 'Logg inn',
  signupTitle: 'Opprett bruker',
  resetTitle: 'Glemt passord', // ours
  newPasswordTitle: 'Velg nytt passord', // ours
  email: 'E-post',
  password: 'Passord',
  newPassword: 'Nytt passord', // ours
  loginButton: 'Logg inn',
  signupButton: 'Opprett bruker',
  resetButton: 'Send lenke', // ours
  newPasswordButton: 'Lagre nytt passord', // ours
  forgotPassword: 'Glemt passord?', // ours
  toSignup: 'Har du ikke konto? Opprett bruker', // ours
  toLogin: 'Har du allerede konto? Logg inn', // ours
  backToLogin: 'Tilbake til innlogging', // ours
  google: 'Fortsett med Google', // ours
  or: 'eller', // ours
  emailRequired: 'E-post er påkrevd', // ours: the e-mail is required
  emailInvalid: 'Ugyldig e-postadresse', // ours
  passwordRequired: 'Passord er påkrevd', // ours
  passwordTooShort: 'Passordet må være minst 6 tegn', // ours
  passwordTooLong: 'Passordet kan ikke være mer enn 200 tegn', // ours
  loggedIn: 'Innlogget!',
  signedUp: 'Registrering vellykket!',
  signedUpText: 'E-posten er på vei. Klikk på lenken i den for å bekrefte adressen.', // ours
  resendConfirmation: 'Send e-posten på nytt', // ours
  resendConfirmationHint: 'Har den ikke kommet etter noen minutter? Se i søppelpost, eller be om en ny.', // ours
  resendConfirmationDone: 'Venter adressen på bekreftelse, er en ny e-post på vei. Du kan få én ny e-post hvert 10. minutt.', // ours
  emailSent: 'E-post sendt!',
  emailSentText: 'Hvis adressen har en konto, får du en lenke for å velge nytt passord.', // ours
  emailSendFailed: 'Kunne ikke sende e-post. Prøv igjen.',
  googleFailed: 'Google-innlogging feilet.',
  passwordChanged: 'Passordet er endret', // ours
  wrongCredentials: 'Feil e-post eller passord', // ours
  emailNotConfirmed: 'E-postadressen er ikke bekreftet. Bruk lenken i e-posten vi sendte deg, eller be om en ny.', // ours
  tokenInvalid: 'Lenken er ugyldig eller utløpt. Be om en ny.', // ours
  returnPathInvalid: 'Siden du skal tilbake til, må være en side på Bedriftstorget.', // ours
  tooManyAttempts: 'For mange forsøk. Vent litt og prøv igjen.', // ours
  // Wrong passwords say how long to wait: the back-off that starts after five.
  signInWait: (wait: string) => `For mange feil passord. Vent ${wait} og prøv igjen.`, // ours
  wrongCredentialsWait: (wait: string) => `Feil e-post eller passord. Vent ${wait} før du prøver igjen.`, // ours
  alreadyConfirmed: 'E-postadressen er allerede bekreftet. Du kan logge inn.', // ours: a confirmation link used twice
  requestNewLink: 'Be om en ny lenke', // ours
  resetLinkUsed: 'Lenken er allerede brukt eller utløpt. Be om en ny lenke for å velge passord.', // ours: checked before the form
  confirming: 'Bekrefter e-postadressen …', // ours
  confirmed: 'E-postadressen er bekreftet', // ours
  signedOut: 'Du er logget ut', // ours
} as const;

/** Texts of the e-mails we send (ours). */
export const mail = {
  confirmSubject: 'Bekreft e-postadressen din hos Bedriftstorget',
  confirmText: (link: string) =>
    `Hei!\n\nKlikk på lenken for å bekrefte e-postadressen din og logge inn:\n${link}\n\nLenken gjelder i 24 timer. Har du ikke opprettet en konto, kan du se bort fra denne e-posten.\n\nHilsen Bedriftstorget`,
  alreadyRegisteredSubject: 'Du har allerede en konto hos Bedriftstorget',
  alreadyRegisteredText: (loginLink: string, resetLink: string) =>
    `Hei!\n\nNoen prøvde å opprette en konto med denne e-postadressen, men du har allerede en konto.\nLogg inn her: ${loginLink}\nGlemt passordet? ${resetLink}\n\nHilsen Bedriftstorget`,
  resetSubject: 'Velg nytt passord hos Bedriftstorget',
  resetText: (link: string) =>
    `Hei!\n\nKlikk på lenken for å velge et nytt passord:\n${link}\n\nLenken gjelder i 1 time. Ba du ikke om dette, kan du se bort fra denne e-posten.\n\nHilsen Bedriftstorget`,
} as const;

export const landing = {
  searchPlaceholder: 'Søk i bransje, sted eller nøkkelord …',
  searchLabel: 'Søk', // ours
  heroTitle: 'Kjøp og selg bedrifter – enkelt, trygt og gratis', // ours
  heroText: 'Ingen meglere. Ingen kostnader. Direkte kontakt mellom kjøper og selger.', // ours
} as const;

/** The free valuation on the landing page (#verdivurdering). */
export const valuation = {
  title: 'Verdivurdering',
  intro: 'Få et gratis, uforpliktende anslag på hva bedriften din kan være verdt, basert på bransje, omsetning og resultat.', // ours
  industry: 'Bransje', // ours
  chooseIndustry: 'Velg bransje',
  revenue: 'Omsetning siste år (kr)', // ours
  profit: 'Resultat siste år (kr)', // ours
  profitHint: 'Resultat etter lønn til eier. Kan være negativt.', // ours
  email: 'E-post (valgfritt)', // ours
  emailHint: 'Legg igjen e-post hvis du vil at vi kontakter deg om en grundigere vurdering.', // ours
  submit: 'Beregn verdi', // ours
  resultTitle: 'Indikativ verdi', // ours
  byProfit: 'Beregnet ut fra resultatet og vanlige multipler i bransjen.', // ours
  byRevenue: 'Beregnet ut fra omsetningen og vanlige multipler i bransjen, redusert når resultatet er svakt eller negativt.', // ours
  disclaimer:
    'Dette er et grovt anslag, ikke en fullstendig verdivurdering. Den faktiske verdien avhenger blant annet av vekst, kundebase, avhengighet av eier, gjeld og eiendeler.', // ours
  figuresRequired: 'Fyll inn omsetning eller et positivt resultat', // ours
  amountInvalid: 'Skriv et tall, for eksempel 1 250 000', // ours
  amountNegative: 'Omsetningen kan ikke være negativ', // ours
  amountTooLarge: 'Beløpet er for stort', // ours
  tooManyRequests: 'For mange verdivurderinger på kort tid. Vent litt og prøv igjen.', // ours
  // The contact promise of the footer ('svarer vi innen én virkedag'), said to the address given.
  emailThanks: (email: string) => `Takk! Vi tar kontakt innen én virkedag på ${email}.`, // ours
} as const;
