import { lazy, Suspense, useEffect } from 'react';
import { avatarInitials } from '@bedriftstorget/core/auth/user';
import { nav } from '@bedriftstorget/core/texts/nb';
import type { SessionUser } from '../app/auth-context';

/**
 * 'Min konto' without Radix DropdownMenu and floating-ui in the first load (decision record 042):
 * the menu's code starts loading as soon as someone is signed in, and until it is there a button
 * that looks exactly like the menu's trigger stands in — a click on it opens the menu once loaded.
 */
const load = () => import('./account-menu');
const AccountMenu = lazy(() => load().then((m) => ({ default: m.AccountMenu })));

export const triggerClass = 'flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-semibold hover:bg-slate-100';

let openWhenLoaded = false;
/** Read once by the menu when it mounts: the stand-in was clicked while the code was loading. */
export function takeOpenWhenLoaded(): boolean {
  const open = openWhenLoaded;
  openWhenLoaded = false;
  return open;
}

export function TriggerContent({ user }: { user: SessionUser }) {
  return (
    <>
      <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white">
        {avatarInitials(user.email)}
      </span>
      {nav.myAccount}
    </>
  );
}

function StandIn({ user }: { user: SessionUser }) {
  return (
    <button type="button" aria-haspopup="menu" aria-expanded="false" className={triggerClass} onClick={() => { openWhenLoaded = true; }}>
      <TriggerContent user={user} />
    </button>
  );
}

export function LazyAccountMenu({ user }: { user: SessionUser }) {
  useEffect(() => void load(), []);
  return (
    <Suspense fallback={<StandIn user={user} />}>
      <AccountMenu user={user} />
    </Suspense>
  );
}
