import type { Database } from './client';
import { MYSQL_ERRNO, mysqlErrno } from './errors';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Marks clients whose BEGIN holds nothing until the transaction's first statement (PlanetScale's
 * HTTP driver): a property, so a request's bound copy (db/bind.ts) inherits it.
 */
const BEGINS_AT_FIRST_STATEMENT = Symbol('begins at the first statement');

/** Marks a client as one whose BEGIN may be sent before the transaction has anything to send. */
export function beginsLazily(db: Database): Database {
  Object.defineProperty(db, BEGINS_AT_FIRST_STATEMENT, { value: true });
  return db;
}

/**
 * A transaction whose statements need reads answered first (decision 098). Over PlanetScale's HTTP
 * API a BEGIN is a round trip of its own, but it only marks the session (Vitess begins the
 * transaction with its first statement), so it is sent beside the reads and costs no wait. A mysql2
 * pool's BEGIN holds one of its connections: sent beside reads that wait for another connection of
 * the same pool, a burst could hold them all, so there the transaction begins after the reads.
 * A transaction that lost a deadlock was rolled back whole and is run again (reads kept).
 */
export async function transactionAfter<R, T>(db: Database, reads: Promise<R>, work: (tx: Tx, read: R) => Promise<T>, attempts = 3): Promise<T> {
  if (BEGINS_AT_FIRST_STATEMENT in db) {
    // Awaited inside the transaction; a BEGIN that fails first must not leave the reads' error unhandled.
    reads.catch(() => undefined);
  } else {
    await reads;
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => work(tx, await reads));
    } catch (error) {
      if (attempt >= attempts || mysqlErrno(error) !== MYSQL_ERRNO.deadlock) throw error;
    }
  }
}
