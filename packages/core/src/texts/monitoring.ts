/** The error page and the browser's error reports (all "ours": SPEC.md is silent). */
export const monitoringTexts = {
  crashedTitle: 'Noe gikk galt',
  crashedText: 'Siden kunne ikke vises. Last inn siden på nytt, eller prøv igjen om litt.',
  reload: 'Last inn siden på nytt',
  // What the error report endpoint answers a report it will not log (read by no person, but Norwegian like every answer).
  reportInvalid: 'Feilrapporten kunne ikke leses.',
  reportTooLarge: 'Feilrapporten er for stor.',
  tooManyReports: 'For mange feilrapporter fra denne adressen. Prøv igjen senere.',
  reportMethod: 'Feilrapporter sendes med POST.',
} as const;
