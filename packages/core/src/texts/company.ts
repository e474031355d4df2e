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
} as const;
