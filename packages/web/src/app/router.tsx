import { createBrowserRouter, type RouteObject } from 'react-router';
import { admin, pages } from '@bedriftstorget/core/texts/nb';
import { AdminLayout } from '../features/admin/admin-layout';
import { AuthPage } from '../features/auth/auth-page';
import { BrowsePage } from '../features/browse/browse-page';
import { SavedPage } from '../features/favorites/saved-page';
import { DetailPage } from '../features/listing-detail/detail-page';
import { ConfirmEmailPage } from '../features/auth/confirm-page';
import { GoogleCallbackPage } from '../features/auth/google-callback-page';
import { LandingPage } from '../features/landing/landing-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { PlaceholderPage } from '../features/pages/placeholder-page';
import { BareLayout, SiteLayout } from '../layout/site-layout';

/** Every route of SPEC §2. */
export const routes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  {
    element: <BareLayout />,
    children: [
      { path: '/auth', element: <AuthPage /> },
      { path: '/auth/bekreft', element: <ConfirmEmailPage /> },
      { path: '/auth/google/callback', element: <GoogleCallbackPage /> },
      { path: '/meldinger', element: <PlaceholderPage title={pages.messages} /> },
    ],
  },
  {
    element: <SiteLayout />,
    children: [
      { path: '/alle-annonser', element: <BrowsePage /> },
      { path: '/bedrift/:id', element: <DetailPage /> },
      { path: '/profil', element: <PlaceholderPage title={pages.profile} /> },
      { path: '/legg-ut-annonse', element: <PlaceholderPage title={pages.wizard} /> },
      { path: '/mine-annonser', element: <PlaceholderPage title={pages.myListings} /> },
      { path: '/mine-utkast', element: <PlaceholderPage title={pages.myDrafts} /> },
      { path: '/lagrede-annonser', element: <SavedPage /> },
      { path: '/statistikk', element: <PlaceholderPage title={pages.statistics} /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: '/admin',
    element: <AdminLayout />,
    children: [
      { index: true, element: <PlaceholderPage title={admin.dashboard} /> },
      { path: 'pending', element: <PlaceholderPage title={admin.dashboard} /> },
      { path: 'annonser', element: <PlaceholderPage title={admin.listings} /> },
      { path: 'brukere', element: <PlaceholderPage title={admin.users} /> },
      { path: 'statistikk', element: <PlaceholderPage title={pages.statistics} /> },
      { path: 'innstillinger', element: <PlaceholderPage title={pages.settings} /> },
      { path: 'logg', element: <PlaceholderPage title={admin.log} /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
