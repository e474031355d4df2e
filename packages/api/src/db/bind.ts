import { MySqlDatabase } from 'drizzle-orm/mysql-core';
import type { RoundTripCounter } from '../observability/request-scope';
import type { Database } from './client';

/** The session drizzle's database object sends through; a bound copy swaps its client. */
interface Session { client: unknown }
type Binder = (counter: RoundTripCounter) => unknown;

const BINDER = Symbol('binds the database to a request');
/** The database a bound copy was made from (inherited by every copy, so any of them can name it). */
const BASE = Symbol('the unbound database');
/** What a bound copy needs of drizzle's database object (its JS fields; the types keep some protected). */
interface Bindable {
  [BINDER]?: Binder;
  [BASE]?: Database;
  session: Session;
  dialect: unknown;
  mode: 'default' | 'planetscale';
  _: { schema: unknown; fullSchema: unknown; tableNamesMap: unknown };
}

/**
 * Marks `db` as bindable: `clientFor` gives the driver's client for one request, counting into its
 * counter (db/round-trips.ts). Called once by connectMysql and connectPlanetscale.
 */
export function bindable(db: Database, clientFor: (counter: RoundTripCounter) => unknown, extra?: (session: Session, client: unknown) => void): Database {
  const base = db as unknown as Bindable;
  // One prototype per database: what a bound copy inherits besides its session.
  const proto = Object.create(base) as Bindable;
  Object.defineProperty(proto, 'query', {
    // Relational queries (`db.query.x.findMany`) hold the session they were built with: built
    // again over the bound one, on first use only (the app sends none today).
    get(this: Bindable) {
      const schema = { schema: base._.schema, fullSchema: base._.fullSchema, tableNamesMap: base._.tableNamesMap };
      const query = new MySqlDatabase(base.dialect as never, this.session as never, schema as never, base.mode).query;
      Object.defineProperty(this, 'query', { value: query });
      return query;
    },
  });
  base[BASE] = db;
  base[BINDER] = (counter) => {
    const client = clientFor(counter);
    const session = Object.create(base.session) as Session;
    session.client = client;
    extra?.(session, client);
    const bound = Object.create(proto) as Bindable;
    bound.session = session;
    return bound;
  };
  return db;
}

/**
 * `db` for one request: the same database object, its statements counted into `counter` (the
 * request's log line, docs/decisions/073; round-trip budgets, decision 078). A few small objects per
 * request instead of AsyncLocalStorage's hook on every promise (decision 143). A database made
 * otherwise (the bench's and some tests' own drizzle) is returned as it is and counts nothing.
 */
export function bindToRequest(db: Database, counter: RoundTripCounter): Database {
  const binder = (db as unknown as Bindable)[BINDER];
  return binder ? (binder(counter) as Database) : db;
}

/** The unbound database behind a request's copy (itself for one never bound: a transaction, the bench's own drizzle). */
export function baseOf(db: Database): Database {
  return (db as unknown as Bindable)[BASE] ?? db;
}

/** The driver's client a database object sends through: the request's counting one for a bound copy. */
export function clientOf(db: Database): unknown {
  return (db as unknown as Bindable).session.client;
}
