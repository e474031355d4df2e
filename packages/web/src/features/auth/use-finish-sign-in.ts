import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from '../../router/location';
import { pathAfterSignIn } from '../../lib/draft';
import { trpc } from '../../lib/trpc';

/** After any sign-in: forget the visitor's cached data, then go where docs/product.md ('Auth') says. */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return async () => {
    // A visitor's auth.me may still be in flight (the confirm link's page load). Without data yet,
    // TanStack would join that request instead of refetching, and the page would stay signed out.
    await queryClient.cancelQueries();
    await queryClient.invalidateQueries();
    // Who signed in decides where to go: staff to /admin.
    const me = await queryClient.fetchQuery(trpc.auth.me.queryOptions()).catch(() => null);
    navigate(pathAfterSignIn(params.get('next'), me?.isAdmin ?? false), { replace: true });
  };
}
