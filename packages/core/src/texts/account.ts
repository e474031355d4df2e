import { letter } from './mail';

/**
 * 'Slett konto' — the user's right to erasure (decision 088): the danger section of /profil, its
 * confirm dialog, the page after, the mailed link for Google accounts, the admin's deletion and
 * the refusals. All wording ours.
 */
export const accountDeletion = {
  title: 'Slett konto',
  intro:
    'Sletter du kontoen, fjerner vi profilen din, annonsene dine med bilder, lagrede annonser og lagrede søk. Meldinger og forespørsler du har sendt, blir stående hos mottakeren, men vises fra «Slettet bruker» uten navn, e-post eller telefon. Dette kan ikke angres.',
  open: 'Slett konto',
  dialogTitle: 'Slette kontoen din for godt?',
  dialogText: 'Alt vi har lagret om deg, slettes, og du logges ut på alle enheter. Skriv passordet ditt for å bekrefte.',
  /** In the dialog, beside the text above: the one thing that is kept (decision 100). */
  ndaKept: 'Unntak: Har du godtatt en taushetserklæring for å få tilgang til en annonse, tar vi vare på godkjenningen – navn, e-post, versjon, tidspunkt og nettverksadresse – i to år etter slettingen, slik at avtalen med selgeren kan dokumenteres hvis det blir tvist (personvernforordningen artikkel 17 nr. 3 bokstav e). Deretter slettes den.',
  passwordLabel: 'Passord',
  confirm: 'Slett kontoen for godt',
  deleting: 'Sletter kontoen …',
  googleText: 'Du logger inn med Google og har ikke passord hos oss. Vi sender en lenke til e-postadressen din som du bekrefter slettingen med.',
  sendLink: 'Send bekreftelseslenke',
  sendingLink: 'Sender lenken …',
  linkSent: 'Vi har sendt deg en e-post med en lenke. Åpne den innen 1 time for å slette kontoen.',
  passwordRequired: 'Skriv passordet ditt',
  wrongPassword: 'Feil passord. Kontoen er ikke slettet.',
  usePassword: 'Kontoen din har passord: bekreft slettingen med passordet.',
  noPassword: 'Kontoen din har ikke passord: be om en bekreftelseslenke på e-post.',
  lastAdmin: 'Du er den eneste administratoren. Gi en annen bruker administratorrollen før kontoen kan slettes.',
  adminSelf: 'Du kan ikke slette din egen konto her. Bruk «Slett konto» på Min profil.',
  alreadyDeleted: 'Kontoen er allerede slettet.',
  deletedTitle: 'Kontoen din er slettet',
  deletedText: 'Vi har slettet kontoen din og det vi hadde lagret om deg, og du er logget ut. Godkjente taushetserklæringer tar vi vare på i to år, som Personvern beskriver. Du kan når som helst opprette en ny konto med samme e-postadresse.',
  toFrontPage: 'Til forsiden',
  linkTitle: 'Bekreft sletting av kontoen',
  linkText: 'Når du bekrefter, slettes kontoen din og alt vi har lagret om deg, for godt. Dette kan ikke angres.',
  /** Shown for the sender of a deleted account's messages and inquiries, instead of name, e-mail and phone. */
  deletedUser: 'Slettet bruker',
  /** A reply to someone whose account is gone. */
  replyToDeleted: 'Brukeren har slettet kontoen sin og kan ikke få svar.',
} as const;

/** The admin's 'Slett' on /admin/brukere (ours). */
export const adminAccountDeletion = {
  delete: 'Slett',
  deleteFor: (name: string) => `Slett ${name}`,
  dialogTitle: 'Slette brukeren for godt?',
  dialogText:
    'Profilen, annonsene med bilder, lagrede annonser og lagrede søk slettes, og brukeren logges ut. Meldinger brukeren har sendt, blir stående hos mottakerne fra «Slettet bruker». Godkjente taushetserklæringer beholdes i to år. Slettingen føres i admin-loggen med id-er.',
  confirm: 'Slett brukeren',
  deleting: 'Sletter …',
  deleted: 'Brukeren er slettet',
  /** admin_logs.action of the entry. */
  loggedAction: 'Slettet bruker',
} as const;

/** The two mails (ours). */
export const accountDeletionMail = {
  linkSubject: 'Bekreft sletting av kontoen din hos Bedriftstorget',
  linkText: (link: string) =>
    letter([
      `Klikk på lenken for å bekrefte at kontoen din skal slettes:\n${link}`,
      'Lenken gjelder i 1 time og kan brukes én gang. Ba du ikke om dette, kan du se bort fra denne e-posten: ingenting slettes uten at du bekrefter.',
    ]),
  deletedSubject: 'Kontoen din hos Bedriftstorget er slettet',
  deletedText: letter([
    'Kontoen din og det vi hadde lagret om deg, er nå slettet. Meldinger du sendte, vises hos mottakerne fra «Slettet bruker».',
    'Har du godtatt en taushetserklæring for å få tilgang til en annonse, tar vi vare på godkjenningen i to år, slik Personvern-siden beskriver.',
    'Du kan opprette en ny konto med denne e-postadressen når du vil.',
  ]),
  /** When staff deleted the account from /admin/brukere: not 'you asked for it' (decision 140; ours). */
  staffDeletedSubject: 'Bedriftstorget har slettet kontoen din',
  staffDeletedText: letter([
    'Bedriftstorget har slettet kontoen din og det vi hadde lagret om deg. Det var ikke du som ba om dette: kontoen ble slettet av oss. Meldinger du sendte, vises hos mottakerne fra «Slettet bruker».',
    'Har du godtatt en taushetserklæring for å få tilgang til en annonse, tar vi vare på godkjenningen i to år, slik Personvern-siden beskriver.',
    'Mener du at dette er feil, eller vil du vite hvorfor? Skriv til kontakt@bedriftstorget.no.',
  ]),
} as const;
