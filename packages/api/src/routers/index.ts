import { router } from '../trpc';
import { authRouter } from './auth';
import { favoriteRouter } from './favorite';
import { listingRouter } from './listing';
import { realtimeRouter } from './realtime';
import { valuationRouter } from './valuation';

export const appRouter = router({
  auth: authRouter,
  listing: listingRouter,
  favorite: favoriteRouter,
  realtime: realtimeRouter,
  valuation: valuationRouter,
});

export type AppRouter = typeof appRouter;
