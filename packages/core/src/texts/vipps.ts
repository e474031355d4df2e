/**
 * 'Logg inn med Vipps' and 'Verifisert med Vipps' (decisions 119 and 120); part of the
 * catalogue with nb.ts. The quoted names from the issue are exact; the rest "ours".
 */
/** The mark, exported alone so the listing card (first load) carries only these words. */
export const VIPPS_VERIFIED = 'Verifisert med Vipps';
/** Browse's filter, alone for the same reason (decision 131). */
export const VIPPS_SELLERS_FILTER = 'Verifiserte selgere';

export const vippsTexts = {
  login: 'Logg inn med Vipps',
  verify: 'Verifiser deg med Vipps',
  verified: VIPPS_VERIFIED,
  filter: VIPPS_SELLERS_FILTER,
  buyersOnly: 'Bare verifiserte kjøpere kan be om tilgang',
  buyersOnlyHint: 'Kjøpere må ha verifisert seg med Vipps (BankID) før de kan be om tilgang til denne annonsen.', // ours
  failed: 'Innloggingen med Vipps ble ikke fullført. Prøv igjen.', // ours: any refused callback, same words whatever the cause
  cancelled: 'Du avbrøt innloggingen med Vipps.', // ours
  unavailable: 'Vipps er ikke tilgjengelig akkurat nå.', // ours
  loggedIn: 'Du er logget inn med Vipps.', // ours
  verifiedDone: 'Du er verifisert med Vipps.', // ours
  takenByOther: 'Denne Vipps-brukeren er allerede knyttet til en annen konto hos oss.', // ours
  emailNotVerified: 'Vipps har ikke bekreftet e-postadressen din. Bekreft den i Vipps-appen og prøv igjen.', // ours
  consentTitle: 'Opprett konto med Vipps', // ours
  consentText: 'Du har ingen konto hos oss ennå. Godta vilkårene og personvernerklæringen, så oppretter vi kontoen med navnet, e-postadressen og telefonnummeret Vipps har bekreftet.', // ours
  linkTitle: 'Koble Vipps til kontoen din', // ours
  linkText: (email: string) => `Det finnes allerede en konto med ${email}. Bevis at den er din, så kobler vi Vipps til den. Vi kobler aldri uten.`, // ours
  linkPassword: 'Passordet til kontoen', // ours
  linkWithPassword: 'Koble til med passord', // ours
  linkByMail: 'Send meg en lenke på e-post i stedet', // ours
  linkMailSent: 'Vi har sendt en lenke til e-postadressen. Åpne den for å koble Vipps til kontoen.', // ours
  linkExpired: 'Koblingen er utløpt. Logg inn med Vipps på nytt.', // ours
  linked: 'Vipps er koblet til kontoen din.', // ours
  wrongPassword: 'Feil passord.', // ours
  linkMailSubject: 'Koble Vipps til kontoen din', // ours
  linkMailText: (link: string) => `Noen logget inn med Vipps med e-postadressen din og vil koble Vipps til kontoen din på Bedriftstorget.\n\nVar det deg? Åpne lenken innen en time:\n${link}\n\nVar det ikke deg, kan du se bort fra denne e-posten. Ingenting blir koblet uten lenken.`, // ours
  tooMany: 'For mange forsøk med Vipps. Vent litt og prøv igjen.', // ours
  profileTitle: 'Vipps', // ours
  profileVerified: (date: string) => `Verifisert ${date}.`, // the mark above says 'med Vipps' // ours
  profileNotVerified: 'Verifiser navnet og telefonnummeret ditt med Vipps (BankID). Kjøpere og selgere ser merket «Verifisert med Vipps».', // ours
  profileNameChangeDrops: 'Endrer du navnet, forsvinner merket til du verifiserer deg igjen.', // ours
  verificationRequired: 'Selgeren krever at kjøpere er verifisert med Vipps. Verifiser deg i profilen først.', // ours
  /** The server's refusal of a request for access from a buyer who is not verified (decision 130). */
  requestRefused: 'Selgeren slipper bare inn kjøpere som er verifisert med Vipps. Verifiser deg med Vipps, så kan du be om tilgang.', // ours
  /** The listing page tells a buyer who is not verified before 'Be om tilgang' (decision 130). */
  buyerMustVerify: 'Verifiser deg med Vipps først. Det går raskt i Vipps-appen, og du kommer tilbake hit etterpå.', // ours
  /** A name in a mail, with the mark beside it when the person is verified. */
  named: (name: string, verified: boolean) => (verified ? `${name} (${VIPPS_VERIFIED})` : name), // ours
  backToProfile: 'Tilbake til profilen', // ours
  verifiedNameLabel: 'Verifisert navn', // ours
  verifiedPhoneLabel: 'Verifisert telefon', // ours
} as const;
