import { nav } from '@bedriftstorget/core/texts/nb';

/** The header's links for everyone (and the phone drawer's); apart from account-links.ts, which only signed-in users need. */
export const publicLinks = [
  { to: '/alle-annonser', label: nav.forSale },
  { to: '/#verdivurdering', label: nav.valuation },
  { to: '/#om-oss', label: nav.about },
] as const;
