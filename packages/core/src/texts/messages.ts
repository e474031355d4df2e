/**
 * Texts of messages, the contact-seller dialog and inquiries (docs/product.md: 'Listing detail',
 * 'Messages', 'Errors and confirmations'); part of the catalogue with nb.ts. "ours" as in nb.ts.
 */

export const MESSAGE_MAX_LENGTH = 1000;

export const messageTexts = {
  tooShort: 'Meldingen må være minst 10 tegn',
  tooLong: 'Meldingen kan ikke være mer enn 1000 tegn',
  empty: 'Meldingen kan ikke være tom',
  counter: (n: number) => `${n}/${MESSAGE_MAX_LENGTH} tegn`,
  // Why 'Send melding' waits: said beside the counter until the text is long enough.
  needsMore: (missing: number) => `Skriv minst 10 tegn – ${missing} til`, // ours
  invalid: 'Ugyldig melding',
  sendFailed: 'Kunne ikke sende meldingen',
  unknownListing: 'Ukjent listing',
  unknownUser: 'Ukjent bruker',
  conversationNotFound: 'Fant ikke samtalen', // ours
  ownListing: 'Du kan ikke sende melding om din egen annonse', // ours
  soldListing: 'Annonsen er solgt og kan ikke kontaktes', // ours
  tooMany: 'Du har sendt mange meldinger på kort tid. Vent litt og prøv igjen.', // ours
} as const;

/** The contact-seller dialog on the detail page. */
export const contactDialog = {
  title: 'Send melding til selger', // ours
  description: (title: string) => `Om «${title}». Selgeren svarer i innboksen din.`, // ours
  label: 'Melding', // ours
  placeholder: 'Hei! Jeg er interessert i bedriften og vil gjerne vite mer …', // ours
  send: 'Send melding', // ours: the dialog's submit, same words as the page's link
  sending: 'Sender …', // ours
  failedTitle: 'Noe gikk galt',
  failedText: 'Kunne ikke sende meldingen. Prøv igjen senere.',
  sentTitle: 'Meldingen er sendt!',
  sentText: 'Du finner samtalen i innboksen din.',
  loginTitle: 'Logg inn for å sende meldingen', // ours
  loginText: 'Meldingen din er lagret og sendes automatisk når du logger inn.', // ours: it is kept and sent once after login
  toLogin: 'Gå til innlogging',
  toSignup: 'Opprett bruker', // ours
  ownListing: 'Dette er din egen annonse.', // ours
} as const;

/** The inquiry dialog ('Send forespørsel'). */
export const inquiryTexts = {
  open: 'Send forespørsel',
  title: 'Send forespørsel',
  description: (title: string) => `Om «${title}». Selgeren får navnet, e-posten og meldingen din.`, // ours
  name: 'Navn', // ours
  email: 'E-post', // ours
  message: 'Melding', // ours
  messageRequired: 'Skriv en melding', // ours: the message is required
  messageTooLong: 'Meldingen kan ikke være mer enn 1000 tegn',
  send: 'Send forespørsel',
  sending: 'Sender …', // ours
  loginTitle: 'Logg inn først',
  loginText: 'Du må være innlogget for å sende en forespørsel',
  failedTitle: 'Noe gikk galt',
  failedText: 'Kunne ikke sende forespørsel. Prøv igjen senere.',
  sentTitle: 'Takk for din forespørsel!',
  sentText: 'Selgeren har fått navnet, e-posten og meldingen din og tar kontakt med deg.', // ours: a buyer's text
  unknownBuyer: 'Ukjent',
  nameRequired: 'Skriv navnet ditt, så selgeren vet hvem som spør', // ours
  nameTooLong: 'Navnet kan være maksimalt 100 tegn', // ours
  nameHint: 'Navnet lagres på profilen din.', // ours
  tooMany: 'Du har sendt mange forespørsler på kort tid. Vent litt og prøv igjen.', // ours
} as const;

/** The messages screen (/meldinger). */
export const inbox = {
  title: 'Meldinger',
  back: 'Tilbake', // ours
  backToList: 'Til alle samtaler', // ours
  listLabel: 'Samtaler', // ours
  emptyTitle: 'Ingen meldinger ennå', // ours
  emptyText: 'Når du kontakter en selger eller får en melding, finner du samtalen her.', // ours
  browse: 'Se alle bedrifter til salgs',
  choose: 'Velg en samtale for å lese meldingene.', // ours
  unread: (n: number) => (n === 1 ? '1 ulest melding' : `${n} uleste meldinger`), // ours
  you: 'Du', // ours
  composerLabel: 'Skriv en melding', // ours
  composerHint: 'Enter sender, Shift+Enter gir ny linje.', // ours
  send: 'Send', // ours
  sending: 'Sender …', // ours
  read: 'Lest', // ours
  loadFailed: 'Kunne ikke laste meldingene.', // ours
  retry: 'Prøv igjen', // ours
  openListing: 'Se annonsen', // ours
  olderMessages: 'Vis eldre meldinger',
  olderConversations: 'Vis eldre samtaler', // ours
  loadingOlder: 'Laster …', // ours
} as const;

/** The e-mails to the receiver (ours). */
export const messageMail = {
  messageSubject: (title: string) => `Ny melding om «${title}» på Bedriftstorget`,
  messageText: (sender: string, title: string, excerpt: string, link: string) =>
    `Hei!\n\n${sender} har sendt deg en melding om «${title}»:\n\n«${excerpt}»\n\nLes og svar i innboksen din:\n${link}\n\nDu får ikke flere e-poster om denne samtalen før du har lest meldingene.\n\nHilsen Bedriftstorget`,
  leadSubject: (title: string) => `Ny forespørsel om «${title}» på Bedriftstorget`,
  leadText: (name: string, email: string, title: string, message: string, link: string) =>
    `Hei!\n\nDu har fått en forespørsel om «${title}».\n\nFra: ${name} <${email}>\n\n«${message}»\n\nSvar kjøperen på e-post, eller se meldingene dine her:\n${link}\n\nHilsen Bedriftstorget`,
} as const;
