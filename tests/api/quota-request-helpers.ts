import { quotaRequests } from '@bedriftstorget/core/profile/quota-request.sql';
import { db } from './harness';

/** A waiting 'Be om flere annonser' of this user, straight into the table (as the procedure stores it). */
export async function openQuotaRequest(userId: string, wanted = 10, message: string | null = 'Jeg har flere bedrifter.'): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(quotaRequests).values({ id, userId, openFor: userId, wanted, message });
  return id;
}
