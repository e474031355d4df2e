/** Verified companies and confidential sale (decisions 094 and 095); "ours" as in nb.ts. */
export const company = {
  orgnrLabel: 'Organisasjonsnummer',
  orgnrHint: '9 siffer. Vi henter selskapets navn, organisasjonsform og kommune fra Enhetsregisteret.', // ours
  orgnrInvalid: 'Ugyldig organisasjonsnummer',
  notFound: 'Fant ikke organisasjonsnummeret i Enhetsregisteret. Sjekk at nummeret er riktig.', // ours
  removed: 'Organisasjonsnummeret er fjernet fra Enhetsregisteret og kan ikke brukes.', // ours
  registered: 'Registrert i Enhetsregisteret', // ours
  notChecked: 'Ikke sjekket i Enhetsregisteret ennå', // ours
  orgnrShort: 'Org.nr.', // ours
  confidentialLabel: 'Konfidensielt salg',
  confidentialHint: 'Annonsen viser tittel, bransje, fylke, nøkkeltall og beskrivelse, men aldri selskapets navn, organisasjonsnummer, adresse eller dokumenter.', // ours
  confidentialBadge: 'Konfidensielt salg',
  /** The seller of a confidential listing to every buyer the seller has not let in (decision 099). */
  confidentialSeller: 'Konfidensiell selger',
  confidentialSellerNote: 'Selgeren er anonym til du har fått tilgang. Still spørsmål med en melding her på Bedriftstorget.', // ours
  confidentialInquiry: 'Selgeren er anonym: send en melding her på Bedriftstorget i stedet for en forespørsel.', // ours: sendInquiry on a confidential listing
  contactRefused: 'Selgeren er anonym til du har fått tilgang. Send en melding her på Bedriftstorget.', // ours: sellerContact before access
  /** What a buyer the seller let in sees on the listing page (decision 099). */
  disclosure: {
    heading: 'Selskapet bak annonsen', // ours
    intro: 'Selgeren har gitt deg tilgang. Det du ser her, er omfattet av taushetserklæringen du godtok.', // ours
    name: 'Navn', // ours
    form: 'Organisasjonsform', // ours
    kommune: 'Kommune', // ours
    address: 'Adresse', // ours
    place: 'Sted', // ours: the town the seller typed
    phone: 'Telefon', // ours
    email: 'E-post', // ours
    noRegistry: 'Annonsen oppgir ikke organisasjonsnummer.', // ours
  },
  /** The wizard, under 'Sted' when 'Konfidensielt salg' is ticked: what buyers will read. */
  placeShownAs: (county: string) => `Kjøpere ser bare fylket: ${county}`, // ours
  /** A confidential listing's place when its 'Sted' names no county we know (decision 099). */
  unknownCounty: 'Norge', // ours
  staffHeading: 'Enhetsregisteret', // ours
  checkedAt: (when: string) => `Sjekket ${when}`, // ours
  flags: {
    deleted: (date: string) => `Slettet fra Enhetsregisteret ${date}`, // ours
    bankrupt: 'Konkurs', // ours
    liquidation: 'Under avvikling', // ours
    forcedLiquidation: 'Under tvangsavvikling eller tvangsoppløsning', // ours
    notFound: 'Finnes ikke i Enhetsregisteret', // ours
  },
  flaggedWarning: 'Selskapet er flagget i Enhetsregisteret. Skriv et notat før du godkjenner.', // ours
  approveNoteLabel: 'Notat til godkjenningen', // ours
  approveNoteRequired: 'Selskapet er flagget i Enhetsregisteret: skriv et notat for å godkjenne', // ours
  approveInQueue: 'Selskapet er flagget i Enhetsregisteret: godkjenn annonsen fra køen, med et notat', // ours
  approveNoteMax: 'Notatet kan være maksimalt 500 tegn', // ours
  approveWithNote: 'Godkjenn med notat', // ours
  /** The wizard looks the number up when its field is left (decision 139). */
  lookup: {
    checking: 'Sjekker Enhetsregisteret …', // ours
    confirm: 'Er dette riktig firma?',
    found: (name: string, kommune: string | null) => (kommune ? `${name}, ${kommune}` : name), // ours
    unavailable: 'Enhetsregisteret svarer ikke nå. Nummeret sjekkes igjen når annonsen sendes inn.', // ours
    tooMany: 'For mange oppslag i Enhetsregisteret på kort tid. Vent litt og prøv igjen.', // ours
  },
} as const;
