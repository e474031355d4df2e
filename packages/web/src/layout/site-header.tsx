import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from '../router/link';
import { useLocation } from '../router/location';
import { authHref } from '../lib/auth-href';
import { brand, nav } from '@bedriftstorget/core/texts/nb';
import { useAuth } from '../app/auth-context';
import { buttonClass } from '../components/button';
import { publicLinks } from './public-links';
import { MobileDrawer } from './mobile-drawer';
import { useHeaderHeight } from './use-header-height';

const SOLID_AFTER_PX = 48;

const loadSignedIn = () => import('./signed-in-header');
const LazyAccountMenu = lazy(() => loadSignedIn().then((m) => ({ default: m.LazyAccountMenu })));
const MessagesLink = lazy(() => loadSignedIn().then((m) => ({ default: m.MessagesLink })));

function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > px);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > px);
    // A scroll between the first render and now: read in the next frame, where the browser lays the
    // page out anyway (here, `scrollY` would force that layout inside React's commit).
    const frame = requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [px]);
  return past;
}

/**
 * The top bar. On the landing page (`overHero`) it is transparent until the page is scrolled
 * past 48 px, then solid (docs/product.md, 'Navigation').
 */
export function SiteHeader({ overHero = false }: { overHero?: boolean }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  const ref = useRef<HTMLElement>(null);
  useHeaderHeight(ref);
  const scrolled = useScrolledPast(SOLID_AFTER_PX);
  const transparent = overHero && !scrolled;
  const linkClass = `rounded-lg px-3 py-2 text-sm font-medium ${transparent ? 'text-white hover:bg-white/10' : 'text-slate-700 hover:bg-slate-100'}`;

  return (
    <header
      ref={ref}
      data-transparent={transparent}
      className={`${overHero ? 'fixed' : 'sticky'} inset-x-0 top-0 z-40 border-b transition-colors duration-200 ${transparent ? 'border-transparent bg-transparent' : 'border-slate-200 bg-white/95 shadow-sm backdrop-blur'}`}
    >
      <a href="#innhold" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {nav.skipToContent}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link to="/" aria-label={`${brand} – ${nav.home}`} className={`text-xl font-extrabold tracking-tight ${transparent ? 'text-white' : 'text-brand-700'}`}>
          {brand}
        </Link>
        <nav aria-label={nav.mainMenu} className="hidden items-center gap-1 md:flex">
          {publicLinks.map((link) => (
            <Link key={link.to} to={link.to} className={linkClass}>{link.label}</Link>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <div className="hidden md:block">
            <Link to="/legg-ut-annonse" className={buttonClass(transparent ? 'secondary' : 'primary')}>{nav.postListing}</Link>
          </div>
          <div className="hidden md:block">
            {loading ? null : user ? (
              <Suspense fallback={null}>
                <LazyAccountMenu user={user} />
              </Suspense>
            ) : (
              <Link to={authHref('login', location.pathname + location.search)} className={linkClass}>{nav.login}</Link>
            )}
          </div>
          {user && (
            <Suspense fallback={null}>
              <MessagesLink light={transparent} />
            </Suspense>
          )}
          <MobileDrawer user={user} light={transparent} />
        </div>
      </div>
    </header>
  );
}
