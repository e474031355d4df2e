import { and, like, notLike, or } from 'drizzle-orm';
import { rateLimits } from '@bedriftstorget/core/auth/auth.sql';
import { RATE_LIMITS } from '@bedriftstorget/api/auth/rate-limit-rules';
import type { MysqlHandle } from '@bedriftstorget/api/db/mysql';

/**
 * Rate-limit rows from before decision 134, which named the address: a window counted by address
 * kept it in its key (or its plain SHA-256 past 64 characters), a sign-in pair kept a plain SHA-256
 * of address and network. They go; their counts restart under keyed hashes, at most a day of
 * windows. A data change, so a backfill step and not a migration (decision 063): a DROP and CREATE of
 * the table would be no change at all in PlanetScale's deploy request. Rows written since ('h-…'
 * subjects, 'signin-pair-h:' pairs) never match, so a second run removes nothing.
 */
export async function removePlainRateLimits(handle: MysqlHandle): Promise<number> {
  const byAddress = Object.values(RATE_LIMITS).filter((rule) => rule.keyedBy === 'email');
  const [result] = await handle.mysql2.delete(rateLimits).where(
    or(
      like(rateLimits.key, '%@%'),
      like(rateLimits.key, 'signin-pair:%'),
      ...byAddress.map((rule) => and(like(rateLimits.key, `${rule.name}:%`), notLike(rateLimits.key, `${rule.name}:h-%`))),
    ),
  );
  return result.affectedRows;
}
