import { nav } from '@bedriftstorget/core/texts/nb';

/** The account menu's links, shared by the desktop menu and the mobile drawer. */
export const accountLinks = [
  { to: '/profil', label: nav.myProfile },
  { to: '/mine-annonser', label: nav.myListings },
  { to: '/mine-utkast', label: nav.myDrafts },
  { to: '/lagrede-annonser', label: nav.saved },
  { to: '/meldinger', label: nav.messages },
] as const;

export const publicLinks = [
  { to: '/alle-annonser', label: nav.forSale },
  { to: '/#verdivurdering', label: nav.valuation },
  { to: '/#om-oss', label: nav.about },
] as const;
