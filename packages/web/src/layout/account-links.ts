import { nav, pages } from '@bedriftstorget/core/texts/nb';
import { offerThread } from '@bedriftstorget/core/texts/offers';

/** The account menu's links, shared by the desktop menu and the mobile drawer. */
export const accountLinks = [
  { to: '/profil', label: nav.myProfile },
  { to: '/mine-annonser', label: nav.myListings },
  { to: '/mine-bud', label: offerThread.mineHeading },
  { to: '/mine-utkast', label: nav.myDrafts },
  { to: '/lagrede-annonser', label: nav.saved },
  { to: '/lagrede-sok', label: nav.savedSearches },
  { to: '/meldinger', label: nav.messages },
  { to: '/statistikk', label: pages.statistics },
] as const;

/** How a screen reader says the count beside an account link. */
export const spokenCounts: Partial<Record<string, (n: number) => string>> = {
  '/lagrede-annonser': nav.savedCount,
  '/meldinger': nav.unreadMessages,
};

/**
 * The messages link in the phone drawer is named like the header's envelope when there is something
 * unread: exactly '2 uleste meldinger', the word the visible 'Meldinger' label also holds.
 */
export function countedLinkName(to: string, count: number | undefined): string | undefined {
  return to === '/meldinger' && count ? nav.unreadMessages(count) : undefined;
}
