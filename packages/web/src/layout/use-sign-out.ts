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
      setSigningOut(true);
      navigate('/');
      try {
        // Drops everything the user's session loaded and asks again as a visitor (auth.me → null).
        await queryClient.resetQueries();
      } finally {
        setSigningOut(false);
      }
      toast.success(texts.signedOut);
    },
    onError: (error) => toast.error(common.error, { description: errorMessage(error) }),
  }));
  return () => mutation.mutate();
}
