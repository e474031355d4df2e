/**
 * A local stand-in for PlanetScale's HTTP API (`psdb.v1alpha1.Database`), as @planetscale/database 1.x
 * speaks it, over the same MySQL/MariaDB the rest of the local stack uses. It lets the app run through
 * the serverless driver exactly as the Lambda does (DATABASE_DRIVER=planetscale, docs/decisions/010).
 *
 * Each call is stateless and runs on any pooled connection, except inside a transaction: BEGIN opens a
 * session, the driver sends it with every statement until COMMIT or ROLLBACK, and a transaction left
 * open longer than PlanetScale's 20 s limit is rolled back. As in Vitess, BEGIN only marks the session:
 * the connection is pinned (and MySQL's transaction begun) by its first statement, so a BEGIN sent
 * beside reads the transaction then waits for holds nothing meanwhile (decision 098).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FieldPacket, PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import { createSessionPool } from '@bedriftstorget/api/db/session';
import { encodeRow, toVitessField } from './fields';
import { toVitessError, vitessError, type VitessError } from './errors';
import { createTrafficRecorder, type Traffic } from './traffic';

const SERVICE = '/psdb.v1alpha1.Database/';
/** PlanetScale ends a transaction after 20 seconds. */
const TRANSACTION_TIMEOUT_MS = 20_000;
/**
 * Named locks belong to a connection, and over HTTP there is none: a lock taken by one call would stay on
 * whichever pooled connection ran it. Refused here so code that relies on them fails in tests, not in the
 * cloud; use SELECT … FOR UPDATE inside a transaction or a conditional UPDATE (docs/decisions/003).
 */
const CONNECTION_STATE = /\b(GET_LOCK|RELEASE_LOCK|RELEASE_ALL_LOCKS|IS_USED_LOCK|IS_FREE_LOCK)\s*\(|^\s*(LOCK|UNLOCK)\s+TABLES?\b/i;

export interface Session {
  vitessSession: { inTransaction: boolean; transactionId?: string };
}

interface Transaction {
  /** Taken by the first statement; null while the transaction has sent none. */
  connection: Promise<PoolConnection> | null;
  timer: NodeJS.Timeout;
}

export interface PlanetscaleDoubleOptions {
  /** mysql://… of the database the API serves. */
  databaseUrl: string;
  port?: number;
  connectionLimit?: number;
  transactionTimeoutMs?: number;
  /**
   * Added to every HTTP call before it is answered (PLANETSCALE_LATENCY_MS, decision 078): 20–30 ms is
   * a function calling PlanetScale from another region, so round trips cost locally what they cost there.
   */
  latencyMs?: number;
}

export interface PlanetscaleDouble {
  /** With credentials, for `new Client({ url })`. */
  url: string;
  /** Without credentials, for logs. */
  address: string;
  /** Transactions holding a connection right now. */
  openTransactions: () => number;
  /** Calls answered since the last reset. */
  traffic: () => Traffic;
  resetTraffic: () => void;
  /** Changes the latency added to each call from now on (the bench measures 0, 5 and 20 ms on one stand-in). */
  setLatencyMs: (ms: number) => void;
  close: () => Promise<void>;
}

type Kind = 'begin' | 'end' | 'other';

function kindOf(sql: string): Kind {
  const head = sql.trim().replace(/;$/, '').toUpperCase();
  if (head === 'BEGIN' || head.startsWith('START TRANSACTION')) return 'begin';
  if (head === 'COMMIT' || head === 'ROLLBACK') return 'end';
  return 'other';
}

const noTransaction = (): Session => ({ vitessSession: { inTransaction: false } });

export async function startPlanetscaleDouble(options: PlanetscaleDoubleOptions): Promise<PlanetscaleDouble> {
  const username = 'bedriftstorget';
  const password = randomUUID();
  const database = new URL(options.databaseUrl).pathname.slice(1);
  // PlanetScale runs in UTC and in MySQL 8's default sql_mode: every pooled session is set so.
  const pool = createSessionPool({
    uri: options.databaseUrl,
    connectionLimit: options.connectionLimit ?? 10,
    charset: 'utf8mb4',
    // Vitess reports changed rows, not matched rows, as rowsAffected.
    flags: ['-FOUND_ROWS'],
    rowsAsArray: true,
    // The raw bytes of every value: the API sends MySQL's text, and the driver casts it.
    typeCast: (field) => field.buffer(),
  });
  const transactions = new Map<string, Transaction>();
  const timeoutMs = options.transactionTimeoutMs ?? TRANSACTION_TIMEOUT_MS;

  function begin(): Session {
    const id = randomUUID();
    const timer = setTimeout(() => {
      // Destroying the connection makes MySQL roll back and frees its locks.
      const transaction = transactions.get(id);
      transactions.delete(id);
      void transaction?.connection?.then((connection) => connection.destroy(), () => undefined);
    }, timeoutMs);
    timer.unref();
    transactions.set(id, { connection: null, timer });
    return { vitessSession: { inTransaction: true, transactionId: id } };
  }

  /** The transaction's connection, begun by its first statement. */
  function connectionOf(transaction: Transaction): Promise<PoolConnection> {
    transaction.connection ??= pool.getConnection().then(async (connection) => {
      try {
        await connection.query('BEGIN');
        return connection;
      } catch (error) {
        connection.release();
        throw error;
      }
    });
    return transaction.connection;
  }

  function end(id: string, transaction: Transaction) {
    clearTimeout(transaction.timer);
    transactions.delete(id);
    void transaction.connection?.then((connection) => connection.release(), () => undefined);
  }

  async function execute(sql: string, session: Session | null): Promise<Record<string, unknown>> {
    const started = performance.now();
    const kind = kindOf(sql);
    const id = session?.vitessSession?.inTransaction ? session.vitessSession.transactionId : undefined;
    const transaction = id ? transactions.get(id) : undefined;
    if (id && !transaction) {
      if (kind === 'end' && /ROLLBACK/i.test(sql)) return { session: noTransaction(), result: {} };
      return { session: noTransaction(), error: vitessError('ABORTED', `vttablet: rpc error: code = Aborted desc = transaction ${id}: ended (exceeded timeout: ${timeoutMs / 1000}s)`) };
    }
    if (CONNECTION_STATE.test(sql)) {
      return { session, error: vitessError('UNIMPLEMENTED', 'named locks and LOCK TABLES keep state on a connection, which the HTTP API does not have') };
    }
    if (kind === 'begin' && !transaction) return { session: begin(), result: {}, timing: 0 };
    try {
      // COMMIT or ROLLBACK of a transaction that sent no statement has nothing to end.
      if (kind === 'end' && transaction && !transaction.connection) return { session: noTransaction(), result: {}, timing: 0 };
      const [result, fields] = await (transaction ? await connectionOf(transaction) : pool).query<ResultSetHeader | RowDataPacket[]>(sql);
      return { session: session ?? noTransaction(), result: toResult(result, fields), timing: (performance.now() - started) / 1000 };
    } catch (error) {
      return { session: session ?? noTransaction(), error: toVitessError(error, { database, user: username, sql }) };
    } finally {
      if (kind === 'end' && id && transaction) end(id, transaction);
    }
  }

  const traffic = createTrafficRecorder();
  let latencyMs = options.latencyMs ?? 0;
  const server = createServer((req, res) => {
    traffic.count();
    const answer = () => handle(req, res);
    const handled = latencyMs > 0 ? new Promise((resolve) => setTimeout(resolve, latencyMs)).then(answer) : answer();
    handled.catch((error: unknown) => send(res, 500, { code: 'internal', message: String(error) }));
  });
  // Idle connections are closed by the client, never here: with Node's 5 s default, a client whose
  // event loop runs late on a busy machine sent its next query on a socket this side had just closed
  // ('other side closed'). How long PlanetScale's endpoint keeps an idle connection is not documented
  // here; the driver's fetch retries nothing either way, so the double simply never closes first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method !== 'POST' || !path.startsWith(SERVICE)) return send(res, 404, { code: 'not_found', message: `${req.method} ${path}` });
    const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return send(res, 401, { code: 'unauthenticated', message: 'invalid username or password' });
    let body: { query?: unknown; session?: Session | null };
    try {
      body = JSON.parse((await readBody(req)) || '{}') as typeof body;
    } catch {
      return send(res, 400, { code: 'invalid_argument', message: 'body is not JSON' });
    }
    const method = path.slice(SERVICE.length);
    if (method === 'CreateSession') return send(res, 200, { session: noTransaction() });
    if (method !== 'Execute') return send(res, 404, { code: 'not_found', message: `unknown method ${method}` });
    if (typeof body.query !== 'string') return send(res, 400, { code: 'invalid_argument', message: 'query is required' });
    send(res, 200, await execute(body.query, body.session ?? null));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${username}:${password}@127.0.0.1:${port}`,
    address: `http://127.0.0.1:${port}`,
    openTransactions: () => transactions.size,
    traffic: traffic.read,
    resetTraffic: traffic.reset,
    setLatencyMs: (ms) => {
      latencyMs = ms;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      for (const [id, transaction] of transactions) {
        clearTimeout(transaction.timer);
        transactions.delete(id);
        await transaction.connection?.then((connection) => connection.destroy(), () => undefined);
      }
      await pool.end();
    },
  };
}

function toResult(result: ResultSetHeader | RowDataPacket[], fields: FieldPacket[] | undefined) {
  if (!Array.isArray(result)) {
    return { rowsAffected: String(result.affectedRows), insertId: String(result.insertId ?? 0) };
  }
  return { fields: (fields ?? []).map(toVitessField), rows: result.map((row) => encodeRow(row as unknown as (Buffer | null)[])) };
}

function send(res: ServerResponse, status: number, body: Record<string, unknown> | VitessError) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
