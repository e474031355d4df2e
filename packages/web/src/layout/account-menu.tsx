import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { Link } from '../router/link';
import { personDisplayName } from '@bedriftstorget/core/auth/user';
import { admin, nav } from '@bedriftstorget/core/texts/nb';
import type { SessionUser } from '../app/auth-context';
import { accountLinks, spokenCounts } from './account-links';
import { TriggerContent, triggerClass, useOpenRequest } from './account-menu-lazy';
import { CountBadge } from './count-badge';
import { useAccountCounts } from './use-account-counts';
import { useSignOut } from './use-sign-out';

const itemClass = 'block cursor-pointer rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-700';

/** 'Min konto' with the account links and Logg ut (docs/product.md, 'Navigation'); loaded lazily by account-menu-lazy.tsx. */
export function AccountMenu({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  const counts = useAccountCounts();
  const [open, setOpen] = useState(false);
  const [requested, forgetRequest] = useOpenRequest();
  const onOpenChange = (next: boolean) => {
    forgetRequest();
    setOpen(next);
  };
  return (
    <DropdownMenu.Root modal={false} open={open || requested} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger className={triggerClass}>
        <TriggerContent user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
          <DropdownMenu.Label className="px-3 py-2 text-xs text-slate-500">
            {personDisplayName({ fullName: user.fullName, email: user.email })}
            <span className="block truncate">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {accountLinks.map((link) => (
            <DropdownMenu.Item key={link.to} asChild>
              <Link to={link.to} className={itemClass}>{link.label}<CountBadge count={counts[link.to]} spoken={spokenCounts[link.to] ?? String} /></Link>
            </DropdownMenu.Item>
          ))}
          {user.isAdmin && (
            <DropdownMenu.Item asChild>
              <Link to="/admin" className={itemClass}>{admin.panel}</Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClass} onSelect={signOut}>{nav.logout}</DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
