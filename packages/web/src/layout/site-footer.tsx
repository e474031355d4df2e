import { Link } from '../router/link';
import { brand, nav } from '@bedriftstorget/core/texts/nb';

export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 md:flex-row md:items-center md:justify-between">
        <p className="font-semibold text-brand-700">{brand}</p>
        <nav aria-label={nav.footerMenu} className="flex flex-wrap gap-4">
          <Link to="/#om-oss" className="hover:underline">{nav.about}</Link>
          <Link to="/#kontakt" className="hover:underline">{nav.contact}</Link>
          <Link to="/personvern" className="hover:underline">{nav.privacy}</Link>
        </nav>
        <p>{nav.contactAddress} · © {new Date().getFullYear()} {brand}</p>
      </div>
    </footer>
  );
}
