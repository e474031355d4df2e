import { Outlet } from '../router/routes';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useScrollTopOnNewPage } from './use-scroll-top';

/** Pages with the normal navigation. */
export function SiteLayout() {
  useScrollTopOnNewPage();
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <Outlet />
      <SiteFooter />
    </div>
  );
}

/** Pages without navigation (/auth, /meldinger). */
export function BareLayout() {
  useScrollTopOnNewPage();
  return (
    <div className="flex min-h-screen flex-col">
      <Outlet />
    </div>
  );
}
