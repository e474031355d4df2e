import { Link, type LinkProps } from './link';
import { useLocation } from './location';

interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on `to` itself, not on the paths below it. */
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
}

/** A link that knows whether it leads to the current page (or, without `end`, a page below it): aria-current="page". */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const here = useLocation().pathname.toLowerCase();
  const path = to.toLowerCase();
  const isActive = here === path || (!end && here.startsWith(`${path}/`));
  return <Link {...rest} to={to} className={className({ isActive })} aria-current={isActive ? 'page' : undefined} />;
}
