/**
 * Texts of the listing lifecycle: 'Under bud' and expiry after 90 days (decisions 044, 045). Labels
 * docs/product.md quotes are exact; the rest "ours".
 */
export const underOffer = {
  badge: 'Under bud',
  mark: 'Marker som under bud',
  unmark: 'Fjern under bud',
  hideFilter: 'Skjul annonser under bud',
  marked: 'Annonsen er markert som under bud', // ours
  unmarked: 'Annonsen er ikke lenger under bud', // ours
  onlyActive: 'Bare publiserte annonser kan markeres som under bud', // ours
  failed: 'Kunne ikke endre annonsen', // ours
} as const;

export const expiry = {
  status: 'Utløpt',
  renew: 'Forny annonse',
  renewed: 'Annonsen er fornyet',
  renewedText: (date: string) => `Den er synlig for kjøpere til ${date}.`, // ours
  expiresOn: (date: string) => `Utløper ${date}`, // ours
  renewFailed: 'Kunne ikke fornye annonsen', // ours
  notRenewable: 'Bare publiserte og utløpte annonser kan fornyes', // ours
  linkInvalid: 'Lenken er ugyldig, brukt eller eldre enn 14 dager. Logg inn og forny annonsen fra Mine annonser.', // ours
  renewing: 'Fornyer annonsen …', // ours
  renewIntro: 'Annonsen blir synlig for kjøpere i 90 nye dager fra i dag.', // ours: the mail link's page, before the click
  pageTitle: 'Forny annonse',
  toMyListings: 'Gå til Mine annonser', // ours
  mailSubject: 'Annonsen din utløper om 7 dager',
  mailText: (title: string, date: string, renewLink: string, myListingsLink: string) =>
    `Hei!\n\nAnnonsen «${title}» på Bedriftstorget utløper ${date}. Da forsvinner den fra søk og annonsesider.\n\nForny den for 90 nye dager med ett klikk (ingen innlogging):\n${renewLink}\n\nDu kan også fornye eller endre den fra Mine annonser:\n${myListingsLink}\n\nHilsen Bedriftstorget`, // ours
} as const;
