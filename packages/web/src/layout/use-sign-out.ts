import { useQueryClient, useMutation } from '@tanstack/react-query';
import { useNavigate } from '../router/location';
import { toast } from '../lib/toast';
import { auth as texts, common } from '@bedriftstorget/core/texts/nb';
import { errorMessage } from '../lib/errors';
import { setSigningOut } from '../lib/signing-out';
import { trpc } from '../lib/trpc';

/** Ends the session on the server, forgets cached data, and returns to / (docs/product.md, 'Navigation'). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation(trpc.auth.signOut.mutationOptions({
    onSuccess: async () => {
      // Ends when the front page is on screen (AppRoutes), not when the data is reset: on a slow
      // network the page being left stays until the front page's code arrives (decision 021).
      const alreadyHome = window.location.pathname === '/';
      setSigningOut(true);
      navigate('/');
      try {
        // Drops everything the user's session loaded and asks again as a visitor (auth.me → null).
        await queryClient.resetQueries();
      } finally {
        if (alreadyHome) setSigningOut(false);
      }
      toast.success(texts.signedOut);
    },
    onError: (error) => toast.error(common.error, { description: errorMessage(error) }),
  }));
  return () => mutation.mutate();
}
