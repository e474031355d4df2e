import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { navigate } from './history';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path in the app, with its query and hash if any ('/alle-annonser?q=kafe', '/#kontakt'). */
  to: string;
  replace?: boolean;
  /** Given to the next page as useLocation().state (e.g. `{ restore: true }`). */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** A click the browser should handle itself: a new tab or window, a download, another button. */
function leavesToBrowser(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey || Boolean(target && target !== '_self');
}

/**
 * An <a href> that navigates inside the app. A link to the page already shown replaces the entry
 * (with a new key) instead of adding one, so clicking '/#kontakt' twice scrolls there again
 * without a second Back step.
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || leavesToBrowser(event, target)) return;
    event.preventDefault();
    const here = window.location.pathname + window.location.search + window.location.hash;
    const url = new URL(to, window.location.href);
    navigate(to, { replace: replace ?? url.pathname + url.search + url.hash === here, state });
  };
  return <a {...rest} href={to} target={target} onClick={handleClick} />;
}
