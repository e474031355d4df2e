import { letter } from './mail';

/** The longest message a buyer may add to a request: as long as a message or an inquiry. */
export const ACCESS_MESSAGE_MAX_LENGTH = 1000;

const MONTHS = ['januar', 'februar', 'mars', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'desember'];

/** A stored version 'YYYY-MM-N' in words: '1, november 2026' (the N-th text of that month); anything else as it is. */
export function versionWords(version: string): string {
  const match = /^(\d{4})-(\d{1,2})-(\d+)$/.exec(version);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${match[3]}, ${month} ${match[1]}` : version;
}

/**
 * The Taushetserklæring (decision 096). Its version is stored with every acceptance: change the text
 * only together with a new version, never the text of a version already accepted.
 */
export const nda = {
  version: '2026-11-1',
  title: 'Taushetserklæring',
  paragraphs: [
    'Jeg skal holde all informasjon jeg får om virksomheten gjennom Bedriftstorget – dokumenter, tall, navn og andre opplysninger – konfidensiell, og ikke gi den videre til andre enn mine egne rådgivere, som da har samme taushetsplikt.',
    'Informasjonen skal bare brukes til å vurdere et mulig kjøp av virksomheten.',
    'Jeg tar ikke kontakt med virksomhetens ansatte, kunder, leverandører eller andre forbindelser uten selgerens skriftlige samtykke.',
    'Når selgeren ber om det, skal jeg levere tilbake eller slette all informasjon jeg har fått, også kopier.',
    'Taushetserklæringen gjelder i 2 år fra jeg godtar den, også om det ikke blir noe kjøp.',
  ],
} as const;

/** 'Be om tilgang' on the listing page and its dialog. */
export const accessRequest = {
  open: 'Be om tilgang',
  heading: 'Dokumenter og detaljer', // ours
  hint: 'Dokumenter og detaljer deles etter at du har godtatt taushetserklæringen og selgeren har gitt tilgang.', // ours
  loginText: 'Du må være innlogget for å be om tilgang.', // ours
  title: 'Be om tilgang',
  description: (title: string) => `Om «${title}». Selgeren får navnet, e-posten og meldingen din.`, // ours
  accept: 'Jeg godtar taushetserklæringen',
  acceptRequired: 'Du må godta taushetserklæringen for å be om tilgang', // ours
  // '2026-11-1' read as a broken date: said as the month and the number within it.
  version: (version: string) => `Versjon ${versionWords(version)}`, // ours
  message: 'Melding til selger (valgfritt)', // ours
  messageTooLong: `Meldingen kan ikke være mer enn ${ACCESS_MESSAGE_MAX_LENGTH} tegn`,
  send: 'Send forespørsel',
  sending: 'Sender …',
  sent: 'Forespørsel om tilgang sendt',
  failed: 'Kunne ikke sende forespørselen', // ours
  pending: 'Forespørsel sendt – venter på svar fra selger',
  granted: 'Du har tilgang',
  declined: 'Selger har avslått forespørselen',
  withdrawn: 'Selger har trukket tilbake tilgangen', // ours
  /** A granted buyer's page once the listing is sold, withdrawn or deactivated (decision 101). */
  documentsClosed: 'Annonsen er ikke lenger til salgs, og dokumentene er stengt.', // ours
  /** Server refusals. */
  ownListing: 'Du kan ikke be om tilgang til din egen annonse.', // ours
  notOffered: 'Denne annonsen har ingen dokumenter å dele.', // ours
  notForSale: 'Annonsen er ikke lenger til salgs.', // ours
  alreadyRequested: 'Du har allerede bedt om tilgang til denne annonsen.', // ours
  answered: 'Selgeren har svart på forespørselen din. Du kan ikke be om tilgang på nytt.', // ours
  tooMany: 'Du har sendt mange forespørsler om tilgang. Vent litt og prøv igjen.', // ours
  notFound: 'Fant ikke forespørselen.', // ours
} as const;

/** The seller's side in /mine-annonser. */
export const accessAnswer = {
  heading: (count: number) => `Tilgangsforespørsler (${count})`, // ours
  empty: 'Ingen har bedt om tilgang ennå.', // ours
  from: (name: string, email: string) => `${name} <${email}>`, // ours
  sentOn: (date: string) => `Sendt ${date}`, // ours
  ndaAccepted: (version: string, date: string) => `Godtok taushetserklæring versjon ${versionWords(version)} ${date}`, // ours
  grant: 'Gi tilgang',
  decline: 'Avslå',
  withdraw: 'Trekk tilbake tilgang',
  granted: 'Tilgang gitt', // ours
  declinedDone: 'Forespørselen er avslått', // ours
  withdrawnDone: 'Tilgangen er trukket tilbake', // ours
  failed: 'Kunne ikke lagre svaret', // ours
  loadFailed: 'Kunne ikke hente tilgangsforespørslene.', // ours
  statuses: { pending: 'Venter på svar', granted: 'Har tilgang', declined: 'Avslått', withdrawn: 'Tilgang trukket tilbake' }, // ours
  unknownBuyer: 'Kjøper uten navn', // ours
  notPending: 'Forespørselen er allerede besvart.', // ours
  notGranted: 'Bare en forespørsel med tilgang kan trekkes tilbake.', // ours
  /** Sold, withdrawn or deactivated closes the data room; the seller reopens it for one buyer (decision 101). */
  documentsClosed: 'Dokumentene er stengt fordi annonsen ikke lenger er til salgs.', // ours
  reopen: 'Åpne dokumentene igjen', // ours
  reopened: 'Dokumentene er åpnet igjen for denne kjøperen.', // ours
  reopenedDone: 'Dokumentene er åpnet igjen', // ours
  reopenNotGranted: 'Bare en kjøper med tilgang kan få dokumentene åpnet igjen.', // ours
  reopenForSale: 'Annonsen er til salgs: kjøpere med tilgang ser dokumentene allerede.', // ours
  reopenNotPublic: 'Annonsen er ikke publisert. Kjøpere med tilgang ser dokumentene igjen når den er til salgs.', // ours
  /** A deleted buyer's acceptance, kept as its record (decision 100). */
  accountDeleted: (date: string) => `Kontoen er slettet. Godkjenningen av taushetserklæringen oppbevares til ${date}.`, // ours
} as const;

/** /admin/tilgang: who accepted which version of the Taushetserklæring, when and from where. */
export const accessAdmin = {
  title: 'Tilgangsforespørsler',
  intro: 'Hver forespørsel om tilgang med taushetserklæringen kjøperen godtok: versjon, tidspunkt og nettverksadresse.', // ours
  loadFailed: 'Kunne ikke hente tilgangsforespørslene.', // ours
  empty: 'Ingen forespørsler ennå.', // ours
  columns: { date: 'Sendt', listing: 'Annonse', buyer: 'Kjøper', status: 'Status', version: 'Versjon', acceptedAt: 'Godtatt', acceptedFrom: 'Fra adresse', answeredAt: 'Besvart' },
} as const;

/** The mails: to the seller about a new request, to the buyer about the answer. */
export const accessMail = {
  requestSubject: (title: string) => `Ny forespørsel om tilgang til «${title}»`,
  requestText: (buyer: string, title: string, message: string | null, link: string) =>
    letter([
      `${buyer} ber om tilgang til dokumentene for «${title}» og har godtatt taushetserklæringen.`,
      ...(message ? [`Melding fra kjøperen:\n«${message}»`] : []),
      `Gi tilgang eller avslå under Mine annonser:\n${link}`,
    ]),
  grantedSubject: (title: string) => `Du har fått tilgang til «${title}»`,
  grantedText: (title: string, link: string) => letter([`Selgeren har gitt deg tilgang til dokumentene for «${title}».`, `Se annonsen:\n${link}`, 'Husk at taushetserklæringen du godtok gjelder for alt du får se.']),
  declinedSubject: (title: string) => `Svar på forespørselen om «${title}»`,
  declinedText: (title: string, link: string) => letter([`Selgeren har avslått forespørselen din om tilgang til «${title}».`, `Se annonsen:\n${link}`]),
  reopenedSubject: (title: string) => `Dokumentene for «${title}» er åpnet igjen`,
  reopenedText: (title: string, link: string) => letter([`Selgeren har åpnet dokumentene for «${title}» igjen for deg.`, `Se annonsen:\n${link}`, 'Husk at taushetserklæringen du godtok gjelder for alt du får se.']),
} as const;
