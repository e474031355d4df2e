import { lazyDialog } from './lazy-dialog';

/** Shown to visitors who try what needs an account (docs/product.md, 'Listing detail'); its code loads at idle (decision 042). */
export const LoginRequiredDialog = lazyDialog<{ open: boolean; onOpenChange: (open: boolean) => void; text?: string }>(() =>
  import('./login-required-panel').then((m) => m.LoginRequiredPanel),
);
