import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '../router/link';
import { useLocation } from '../router/location';
import { authHref } from '../lib/auth-href';
import { admin, nav } from '@bedriftstorget/core/texts/nb';
import type { SessionUser } from '../app/auth-context';
import { accountLinks, countedLinkName, spokenCounts } from './account-links';
import { publicLinks } from './public-links';
import { CountBadge } from './count-badge';
import { useAccountCounts } from './use-account-counts';
import { useSignOut } from './use-sign-out';
import { useReturnFocus } from '../components/use-return-focus';

const linkClass = 'block rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100';

/** The right-side drawer under 768 px with the same links (docs/product.md, 'Navigation'); opened by MobileDrawer's button. */
export function MobileDrawerPanel({ user, open, onOpenChange }: { user: SessionUser | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const signOut = useSignOut();
  const location = useLocation();
  const counts = useAccountCounts();
  const close = () => onOpenChange(false);
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col gap-1 overflow-y-auto bg-white p-4 shadow-xl" aria-describedby={undefined}>
          <div className="mb-2 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{user ? nav.myAccount : nav.menu}</Dialog.Title>
            <Dialog.Close aria-label={nav.closeMenu} className="rounded-lg p-2 hover:bg-slate-100">
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2"><path d="M6 6l12 12M18 6L6 18" /></svg>
            </Dialog.Close>
          </div>
          <nav aria-label={nav.mainMenu} className="flex flex-col gap-1">
            {publicLinks.map((link) => (
              <Link key={link.to} to={link.to} className={linkClass} onClick={close}>{link.label}</Link>
            ))}
            <Link to="/legg-ut-annonse" className={linkClass} onClick={close}>{nav.postListing}</Link>
          </nav>
          <hr className="my-2 border-slate-200" />
          {user ? (
            <nav aria-label={nav.myAccount} className="flex flex-col gap-1">
              {accountLinks.map((link) => (
                <Link key={link.to} to={link.to} className={linkClass} onClick={close} aria-label={countedLinkName(link.to, counts[link.to])}>{link.label}<CountBadge count={counts[link.to]} spoken={spokenCounts[link.to] ?? String} /></Link>
              ))}
              {user.isAdmin && <Link to="/admin" className={linkClass} onClick={close}>{admin.panel}</Link>}
              <button type="button" className={`${linkClass} text-left`} onClick={() => { close(); signOut(); }}>{nav.logout}</button>
            </nav>
          ) : (
            <Link to={authHref('login', location.pathname + location.search)} className={linkClass} onClick={close}>{nav.loginOrSignup}</Link>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
