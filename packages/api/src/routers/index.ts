import { router } from '../trpc';
import { accessRouter } from './access';
import { adminRouter } from './admin';
import { authRouter } from './auth';
import { dataRoomRouter } from './data-room';
import { favoriteRouter } from './favorite';
import { listingRouter } from './listing';
import { messageRouter } from './message';
import { offerRouter } from './offer';
import { privacyRouter } from './privacy';
import { profileRouter, sellerRouter } from './seller';
import { realtimeRouter } from './realtime';
import { reportRouter } from './report';
import { savedSearchRouter } from './saved-search';
import { valuationRouter } from './valuation';
import { vippsRouter } from './vipps';

export const appRouter = router({
  auth: authRouter,
  listing: listingRouter,
  favorite: favoriteRouter,
  seller: sellerRouter,
  profile: profileRouter,
  realtime: realtimeRouter,
  valuation: valuationRouter,
  admin: adminRouter,
  message: messageRouter,
  report: reportRouter,
  savedSearch: savedSearchRouter,
  privacy: privacyRouter,
  access: accessRouter,
  dataRoom: dataRoomRouter,
  offer: offerRouter,
  vipps: vippsRouter,
});

export type AppRouter = typeof appRouter;
