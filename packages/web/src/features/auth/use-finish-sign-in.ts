import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from '../../router/location';
import { pathAfterSignIn } from '../../lib/draft';
import { trpc } from '../../lib/trpc';

/** After any sign-in: forget the visitor's cached data, then go where docs/product.md ('Auth') says. */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  /** `next`: where to return when the URL cannot say (Google's callback); else the URL's `next`. */
  return async (next?: string | null) => {
    // A visitor's auth.me may still be in flight (the confirm link's page load). Without data yet,
    // TanStack would join that request instead of refetching, and the page would stay signed out.
    await queryClient.cancelQueries();
    await queryClient.invalidateQueries();
    // Who signed in decides where to go: staff to /admin.
    const me = await queryClient.fetchQuery(trpc.auth.me.queryOptions()).catch(() => null);
    navigate(pathAfterSignIn(next ?? params.get('next'), me?.isAdmin ?? false), { replace: true });
  };
}
