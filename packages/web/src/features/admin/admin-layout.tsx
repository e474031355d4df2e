import { NavLink } from '../../router/nav-link';
import { Outlet } from '../../router/routes';
import { admin, brand, nav } from '@bedriftstorget/core/texts/nb';
import { valuationAdmin } from '@bedriftstorget/core/texts/numbers';
import { adminReports } from '@bedriftstorget/core/texts/share';
import { accessAdmin } from '@bedriftstorget/core/texts/access';
import { useSignOut } from '../../layout/use-sign-out';
import { AdminGuard } from './admin-guard';

const links = [
  { to: '/admin', label: admin.dashboard, end: true },
  { to: '/admin/pending', label: admin.pending, end: false },
  { to: '/admin/annonser', label: admin.listings, end: false },
  { to: '/admin/rapporter', label: adminReports.title, end: false },
  { to: '/admin/brukere', label: admin.users, end: false },
  { to: '/admin/statistikk', label: admin.statistics, end: false },
  { to: '/admin/verdivurderinger', label: valuationAdmin.title, end: false },
  { to: '/admin/tilgang', label: accessAdmin.title, end: false },
  { to: '/admin/innstillinger', label: admin.settings, end: false },
  { to: '/admin/logg', label: admin.log, end: false },
];

/** The back office frame: sidebar, 'Administrasjon' header and Logg ut (docs/product.md, 'Navigation'). */
export function AdminLayout() {
  const signOut = useSignOut();
  return (
    <AdminGuard>
      <div className="flex min-h-screen flex-col bg-slate-100 md:flex-row">
        <aside className="border-b border-slate-200 bg-brand-900 text-white md:w-60 md:border-b-0 md:border-r">
          <div className="px-5 py-5 text-lg font-extrabold">{brand}</div>
          <nav aria-label={admin.panel} className="flex gap-1 overflow-x-auto px-3 pb-3 md:flex-col md:overflow-visible">
            {links.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end={link.end}
                className={({ isActive }) => `whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-white/15 text-white' : 'text-slate-200 hover:bg-white/10'}`}
              >
                {link.label}
              </NavLink>
            ))}
          </nav>
        </aside>
        {/* min-w-0: a wide table scrolls inside its own box instead of widening the page. */}
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex items-center justify-between border-b border-slate-200 bg-white px-6 py-4">
            <p className="text-lg font-bold">{admin.panel}</p>
            <button type="button" onClick={signOut} className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
              {nav.logout}
            </button>
          </header>
          <Outlet />
        </div>
      </div>
    </AdminGuard>
  );
}
