import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from '../../router/location';
import { pathAfterSignIn } from '../../lib/draft';

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
    navigate(pathAfterSignIn(params.get('next')), { replace: true });
  };
}
