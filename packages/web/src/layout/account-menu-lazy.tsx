import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
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

// A click on the stand-in, kept in a tiny store the menu subscribes to: the menu may be rendered
// and committed a moment apart (Suspense holds finished content back briefly), and a value read
// once while rendering would miss a click in that gap (seen in the browser tests after sign-in).
let openRequested = false;
const listeners = new Set<() => void>();
function setOpenRequested(value: boolean) {
  openRequested = value;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Whether the stand-in was clicked before the menu was there, and how to forget it. */
export function useOpenRequest(): [boolean, () => void] {
  const requested = useSyncExternalStore(subscribe, () => openRequested, () => false);
  return [requested, () => setOpenRequested(false)];
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
    <button type="button" aria-haspopup="menu" aria-expanded="false" className={triggerClass} onClick={() => setOpenRequested(true)}>
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
