import { offers } from '@bedriftstorget/core/offer/offer.sql';
import { grantedRequest } from '../access/has-access';

/**
 * Whether an offer's buyer is let in on its listing now (decision 099's `granted`), as SQL beside the
 * offer's row: what decides, with the listing's `confidential` (or the offer's `seller_hidden` once the
 * listing is deleted), whether the thread, the LOI and the export may name the seller (decision 127).
 */
export const sellerKnownSql = grantedRequest(offers.listingId, offers.buyerId);
