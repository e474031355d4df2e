import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@bedriftstorget/api/routers/index';

export type Outputs = inferRouterOutputs<AppRouter>;

export type ListingCardData = Outputs['listing']['browse']['items'][number];
export type ListingDetailData = Outputs['listing']['detail']['listing'];
export type SavedListingData = Outputs['favorite']['list'][number];
export type SavedSearchData = Outputs['savedSearch']['list'][number];
export type AccessRequestData = Outputs['access']['forSeller'][number];
export type ListingViewerData = Outputs['listing']['viewer'];
export type ListingDisclosure = NonNullable<ListingViewerData['disclosure']>;
export type SellerDisplayData = ListingViewerData['seller'];
export type OfferThreadData = Outputs['offer']['mine'][number];
