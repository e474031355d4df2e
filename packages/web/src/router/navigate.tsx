import { useEffect } from 'react';
import { navigate } from './history';

/** Navigates once rendered (e.g. a visitor on a signed-in page is sent to /auth). */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  useEffect(() => {
    navigate(to, { replace });
  }, [to, replace]);
  return null;
}
