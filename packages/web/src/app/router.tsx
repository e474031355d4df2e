import { useEffect } from 'react';
import { setSigningOut } from '../lib/signing-out';
import { useLocation } from '../router/location';
import { matchRoutes, renderMatches, type RouteObject } from '../router/routes';
import { BareLayout, SiteLayout } from '../layout/site-layout';
import { page } from './lazy-page';
import { prefetchMatches } from './prefetch';

// Rarely seen, so not in the first load; the site's and the admin's 404 share one lazy page.
const notFound = page(() => import('../features/not-found/not-found-page').then((m) => m.NotFoundPage));

/**
 * Every route of the site, each page its own chunk (lazy-page.tsx). Landing, browse and detail —
 * where visitors arrive from search engines and shared links — are named in the HTML, so their
 * chunk loads beside the first load instead of after it (packages/web/chunk-groups.ts and
 * page-preload.ts, decision 075). A new page (e.g. the statistics pages) follows the same pattern:
 * `page(() => import('…').then((m) => m.X))`.
 */
export const routes: RouteObject[] = [
  { path: '/', ...page(() => import('../features/landing/landing-page').then((m) => m.LandingPage)) },
  {
    element: <BareLayout />,
    children: [
      { path: '/auth', ...page(() => import('../features/auth/auth-page').then((m) => m.AuthPage)) },
      { path: '/auth/bekreft', ...page(() => import('../features/auth/confirm-page').then((m) => m.ConfirmEmailPage)) },
      { path: '/auth/google/callback', ...page(() => import('../features/auth/google-callback-page').then((m) => m.GoogleCallbackPage)) },
      { path: '/auth/vipps/callback', ...page(() => import('../features/vipps/vipps-callback-page').then((m) => m.VippsCallbackPage)) },
      { path: '/auth/vipps/koble', ...page(() => import('../features/vipps/vipps-callback-page').then((m) => m.VippsLinkConfirmPage)) },
      { path: '/meldinger', ...page(() => import('../features/messages/messages-page').then((m) => m.MessagesPage)) },
    ],
  },
  {
    element: <SiteLayout />,
    children: [
      { path: '/alle-annonser', ...page(() => import('../features/browse/browse-page').then((m) => m.BrowsePage)) },
      { path: '/bedrift/:id', ...page(() => import('../features/listing-detail/detail-page').then((m) => m.DetailPage)) },
      { path: '/profil', ...page(() => import('../features/profile/profile-page').then((m) => m.ProfilePage)) },
      { path: '/legg-ut-annonse', ...page(() => import('../features/wizard/wizard-page').then((m) => m.WizardPage)) },
      { path: '/mine-bud', ...page(() => import('../features/offers/my-offers-page').then((m) => m.MyOffersPage)) },
      { path: '/mine-annonser', ...page(() => import('../features/my-listings/my-listings-page').then((m) => m.MyListingsPage)) },
      { path: '/forny-annonse', ...page(() => import('../features/renew/renew-page').then((m) => m.RenewPage)) },
      { path: '/mine-utkast', ...page(() => import('../features/drafts/drafts-page').then((m) => m.DraftsPage)) },
      { path: '/lagrede-annonser', ...page(() => import('../features/favorites/saved-page').then((m) => m.SavedPage)) },
      { path: '/lagrede-sok', ...page(() => import('../features/saved-searches/saved-searches-page').then((m) => m.SavedSearchesPage)) },
      { path: '/slett-konto', ...page(() => import('../features/profile/delete-link-page').then((m) => m.DeleteLinkPage)) },
      { path: '/konto-slettet', ...page(() => import('../features/profile/account-deleted-page').then((m) => m.AccountDeletedPage)) },
      { path: '/varsel/av', ...page(() => import('../features/saved-searches/unsubscribe-page').then((m) => m.UnsubscribePage)) },
      { path: '/personvern', ...page(() => import('../features/privacy/privacy-page').then((m) => m.PrivacyPage)) },
      { path: '/statistikk', ...page(() => import('../features/statistics/seller-stats-page').then((m) => m.default)) },
      { path: '*', ...notFound },
    ],
  },
  {
    path: '/admin',
    ...page(() => import('../features/admin/admin-layout').then((m) => m.AdminLayout)),
    children: [
      { index: true, ...page(() => import('../features/admin/overview-page').then((m) => m.OverviewPage)) },
      { path: 'pending', ...page(() => import('../features/admin/overview-page').then((m) => m.OverviewPage)) },
      { path: 'annonser', ...page(() => import('../features/admin/listings-page').then((m) => m.ListingsPage)) },
      { path: 'rapporter', ...page(() => import('../features/admin/reports-page').then((m) => m.ReportsPage)) },
      { path: 'brukere', ...page(() => import('../features/admin/users-page').then((m) => m.UsersPage)) },
      { path: 'statistikk', ...page(() => import('../features/statistics/admin-stats-page').then((m) => m.default)) },
      { path: 'innstillinger', ...page(() => import('../features/admin/settings-page').then((m) => m.SettingsPage)) },
      { path: 'verdivurderinger', ...page(() => import('../features/admin/valuations-page').then((m) => m.ValuationsPage)) },
      { path: 'tilgang', ...page(() => import('../features/admin/access-page').then((m) => m.AccessPage)) },
      { path: 'logg', ...page(() => import('../features/admin/log-page').then((m) => m.LogPage)) },
      { path: '*', ...notFound },
    ],
  },
];

/** The app's pages for the current URL (inside main.tsx's BrowserRouter and Suspense). */
export function AppRoutes() {
  const { pathname } = useLocation();
  const matches = matchRoutes(routes, pathname);
  // A sign-out is over once another page is on screen (lib/signing-out.ts): effects run on commit.
  useEffect(() => setSigningOut(false), [pathname]);
  // Starts every lazy route of the URL at once (e.g. the admin frame and its page), not one after the other.
  prefetchMatches(matches);
  return renderMatches(matches);
}
