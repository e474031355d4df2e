import { createBrowserRouter, type RouteObject } from 'react-router';
import { pages } from '@bedriftstorget/core/texts/nb';
import { AdminLayout } from '../features/admin/admin-layout';
import { ListingsPage as AdminListingsPage } from '../features/admin/listings-page';
import { LogPage as AdminLogPage } from '../features/admin/log-page';
import { OverviewPage as AdminOverviewPage } from '../features/admin/overview-page';
import { UsersPage as AdminUsersPage } from '../features/admin/users-page';
import { AuthPage } from '../features/auth/auth-page';
import { BrowsePage } from '../features/browse/browse-page';
import { DraftsPage } from '../features/drafts/drafts-page';
import { MyListingsPage } from '../features/my-listings/my-listings-page';
import { ProfilePage } from '../features/profile/profile-page';
import { WizardPage } from '../features/wizard/wizard-page';
import { SavedPage } from '../features/favorites/saved-page';
import { DetailPage } from '../features/listing-detail/detail-page';
import { ConfirmEmailPage } from '../features/auth/confirm-page';
import { GoogleCallbackPage } from '../features/auth/google-callback-page';
import { LandingPage } from '../features/landing/landing-page';
import { MessagesPage } from '../features/messages/messages-page';
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
      { path: '/meldinger', element: <MessagesPage /> },
    ],
  },
  {
    element: <SiteLayout />,
    children: [
      { path: '/alle-annonser', element: <BrowsePage /> },
      { path: '/bedrift/:id', element: <DetailPage /> },
      { path: '/profil', element: <ProfilePage /> },
      { path: '/legg-ut-annonse', element: <WizardPage /> },
      { path: '/mine-annonser', element: <MyListingsPage /> },
      { path: '/mine-utkast', element: <DraftsPage /> },
      { path: '/lagrede-annonser', element: <SavedPage /> },
      { path: '/statistikk', element: <PlaceholderPage title={pages.statistics} /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: '/admin',
    element: <AdminLayout />,
    children: [
      { index: true, element: <AdminOverviewPage /> },
      { path: 'pending', element: <AdminOverviewPage /> },
      { path: 'annonser', element: <AdminListingsPage /> },
      { path: 'brukere', element: <AdminUsersPage /> },
      { path: 'statistikk', element: <PlaceholderPage title={pages.statistics} /> },
      { path: 'innstillinger', element: <PlaceholderPage title={pages.settings} /> },
      { path: 'logg', element: <AdminLogPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
