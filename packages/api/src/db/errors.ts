/**
 * MySQL error numbers from either driver. mysql2 sets `errno` on its error; PlanetScale's HTTP driver
 * throws a DatabaseError whose message carries vttablet's "(errno 1062) (sqlstate 23000)". Drizzle wraps
 * both in a DrizzleQueryError, so the whole `cause` chain is searched.
 */
export const MYSQL_ERRNO = { duplicateEntry: 1062, lockWaitTimeout: 1205, deadlock: 1213 } as const;

export function mysqlErrno(error: unknown): number | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { errno, message } = e as { errno?: unknown; message?: unknown };
    if (typeof errno === 'number') return errno;
    const match = typeof message === 'string' ? /\(errno (\d+)\)/.exec(message) : null;
    if (match) return Number(match[1]);
  }
  return null;
}

export const isDuplicateKey = (error: unknown): boolean => mysqlErrno(error) === MYSQL_ERRNO.duplicateEntry;

/**
 * Runs a single-statement write again when InnoDB picked it as a deadlock's victim (two tabs
 * saving and unsaving one listing at once): the victim is rolled back whole, so a rerun is safe.
 * Only for autocommit statements; a transaction must be retried as a whole by its caller.
 */
export async function retryOnDeadlock<T>(write: () => PromiseLike<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts || mysqlErrno(error) !== MYSQL_ERRNO.deadlock) throw error;
    }
  }
}
