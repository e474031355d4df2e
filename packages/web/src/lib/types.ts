import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@bedriftstorget/api/routers/index';

type Outputs = inferRouterOutputs<AppRouter>;

export type ListingCardData = Outputs['listing']['browse']['items'][number];
export type ListingDetailData = Outputs['listing']['detail']['listing'];
export type SavedListingData = Outputs['favorite']['list'][number];
export type SavedSearchData = Outputs['savedSearch']['list'][number];
export type AccessRequestData = Outputs['access']['forSeller'][number];
