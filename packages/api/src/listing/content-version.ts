import { sql } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';

/**
 * The SET part that raises a listing's content version (decision 106): every save of what staff
 * review — the seller's in-place edit, a revision, staff's own edit — so an approval or rejection
 * that names an older version is refused instead of deciding text staff never saw.
 */
export const nextContentVersion = () => ({ contentVersion: sql`${listings.contentVersion} + 1` });

/** The same for a save that leaves the public row's text alone (a revision): its 'Sist endret' stays. */
export const nextContentVersionOnly = () => ({ ...nextContentVersion(), updatedAt: sql`${listings.updatedAt}` });
