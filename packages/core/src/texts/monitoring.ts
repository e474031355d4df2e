/** The error page and the browser's error reports (all "ours", as in nb.ts). */

/** What a page that failed to render shows (the web app's error boundary). */
export const errorPageTexts = {
  title: 'Noe gikk galt',
  text: 'Siden kunne ikke vises. Last inn siden på nytt, eller prøv igjen om litt.',
  reload: 'Last inn siden på nytt',
} as const;

/** What the error report endpoint answers a report it will not log (read by no person, but Norwegian like every answer). */
export const clientErrorTexts = {
  invalid: 'Feilrapporten kunne ikke leses.',
  tooLarge: 'Feilrapporten er for stor.',
  tooMany: 'For mange feilrapporter fra denne adressen. Vent litt og prøv igjen.',
  method: 'Feilrapporter sendes med POST.',
} as const;
