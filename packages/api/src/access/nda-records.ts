import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { personDisplayName } from '@bedriftstorget/core/auth/user';
import type { Tx } from '../admin/log';
import { affectedRows, type Database } from '../db/client';

/**
 * How long a deleted account's acceptance of the Taushetserklæring is kept (decision 100): the
 * agreement binds for two years from its acceptance, so two years after the deletion covers the
 * whole term and leaves the time since the acceptance for a claim raised near its end.
 */
export const NDA_RECORD_YEARS = 2;

/** The time a record kept at `deletedAt` is deleted by the scheduled job (in UTC, a calendar date two years on). */
export function ndaRecordKeptUntil(deletedAt: Date): Date {
  const until = new Date(deletedAt);
  until.setUTCFullYear(until.getUTCFullYear() + NDA_RECORD_YEARS);
  return until;
}

/** The name an acceptance is recorded under: the profile's name, else the firm's, else the e-mail's part before '@'. */
export function ndaName(person: { fullName?: string | null; companyName?: string | null; email: string }): string {
  return (personDisplayName(person) ?? person.email).slice(0, 100);
}

/**
 * 'Slett konto' of a buyer (decision 100): each request stays only as the record of the accepted
 * Taushetserklæring — name and e-mail as they were, the version, the time and the network address —
 * until two years after the deletion, on the legal basis of establishing and defending legal claims
 * (GDPR art. 17(3)(e)). The buyer's message goes; nobody can answer or use the request any more
 * (every reader of a grant asks for `kept_until IS NULL`). Rows from before names were recorded get
 * them from the account here, before the account forgets them.
 */
export async function keepNdaRecords(tx: Tx, userId: string, person: { fullName: string | null; companyName: string | null; email: string }, now: Date): Promise<void> {
  await tx
    .update(accessRequests)
    .set({
      ndaName: sql`COALESCE(${accessRequests.ndaName}, ${ndaName(person)})`,
      ndaEmail: sql`COALESCE(${accessRequests.ndaEmail}, ${person.email})`,
      message: null,
      keptUntil: ndaRecordKeptUntil(now),
    })
    .where(eq(accessRequests.buyerId, userId));
}

/**
 * The scheduled step: records whose term has ended are deleted — the network address with them, kept
 * this long on purpose (decision 100 beside the 30 days of decision 089). A DELETE by a condition:
 * a second run, or two at once, deletes nothing more.
 */
export async function deleteEndedNdaRecords(db: Pick<Database, 'delete'>, now = new Date()): Promise<{ deleted: number }> {
  const result = await db.delete(accessRequests).where(and(isNotNull(accessRequests.keptUntil), lt(accessRequests.keptUntil, now)));
  return { deleted: affectedRows(result) };
}
