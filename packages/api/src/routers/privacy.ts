import { publicProcedure, router } from '../trpc';

export const privacyRouter = router({
  /**
   * The Personvern page's contact address, from configuration (PRIVACY_CONTACT_EMAIL, decision 089):
   * the same for everyone, so a public query cached at the edge (PUBLIC_QUERIES).
   */
  contact: publicProcedure.query(({ ctx }) => ({ email: ctx.config.privacyContact })),
});
