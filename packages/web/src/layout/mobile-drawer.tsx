import { useState } from 'react';
import { nav } from '@bedriftstorget/core/texts/nb';
import type { SessionUser } from '../app/auth-context';
import { lazyDialog } from '../components/lazy-dialog';

const Panel = lazyDialog(() => import('./mobile-drawer-panel').then((m) => m.MobileDrawerPanel));

/**
 * The menu button under 768 px; the drawer itself (Radix Dialog) loads at idle or on the first
 * press (decision 042), so it is not in the first load.
 */
export function MobileDrawer({ user, light }: { user: SessionUser | null; light: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={nav.openMenu}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className={`rounded-lg p-2 md:hidden ${light ? 'text-white hover:bg-white/10' : 'text-slate-800 hover:bg-slate-100'}`}
      >
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2"><path d="M4 6h16M4 12h16M4 18h16" /></svg>
      </button>
      <Panel user={user} open={open} onOpenChange={setOpen} />
    </>
  );
}
