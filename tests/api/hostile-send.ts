import { sql } from 'drizzle-orm';
import { MAX_BATCH_CALLS } from '@bedriftstorget/api/http/guard';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import { appRouter } from '@bedriftstorget/api/routers/index';
import { db, randomIp, type Harness } from './harness';
import type { Schema } from './hostile-values';

/** Sending hostile input through the real HTTP handler, as the web client's batched transport does. */
interface ProcedureDef { type: 'query' | 'mutation' | 'subscription'; inputs: Schema[] }
export const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>)
  .filter(([, p]) => p._def.type !== 'subscription')
  .map(([path, p]) => ({ path, type: p._def.type, schema: p._def.inputs[0] }));

/**
 * The fixed seed unless HOSTILE_SEED says otherwise: CI runs the same values every time, and a
 * failure's seed (printed) repeats it.
 */
export const SEED = Number(process.env.HOSTILE_SEED ?? 20_260_126);

export const cookieOf = (h: Harness, sessionId: string | undefined) => `${h.auth.sessionCookieName}=${sessionId ?? ''}`;

/** One batched call (at most the server's batch size) of `path` with each input. */
export function batchRequest(h: Harness, path: string, type: string, inputs: unknown[], cookie: string | null): Request {
  const app = new URL(h.config.appUrl).origin;
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const paths = inputs.map(() => path).join(',');
  const json = JSON.stringify(Object.fromEntries(inputs.map((input, i) => [i, input])));
  if (type === 'query') return new Request(`${app}/trpc/${paths}?batch=1&input=${encodeURIComponent(json)}`, { headers });
  return new Request(`${app}/trpc/${paths}?batch=1`, { method: 'POST', headers: { ...headers, origin: app, 'content-type': 'application/json' }, body: json });
}

export interface Answer { status: number; message?: string }

/** Each call's HTTP status (and error message) from a batch answer. */
export async function answersOf(response: Response, count: number): Promise<Answer[]> {
  if (response.status >= 500) return Array<Answer>(count).fill({ status: response.status });
  type Item = { error?: { message?: string; data?: { httpStatus?: number } } };
  const body = (await response.json()) as Item[] | Item;
  const items = Array.isArray(body) ? body : Array<Item>(count).fill(body);
  return items.map((item) => (item.error ? { status: item.error.data?.httpStatus ?? 500, message: item.error.message } : { status: 200 }));
}

export async function send(h: Harness, path: string, type: string, inputs: unknown[], cookie: string | null): Promise<Answer[]> {
  return answersOf(await handleTrpc(h, batchRequest(h, path, type, inputs, cookie), randomIp()), inputs.length);
}

/** Every table's CHECKSUM, but rate_limits (counting attempts, refused or not, is its job) and `except`. */
export async function checksum(except: string[] = []): Promise<string> {
  const shown: unknown = await db.execute(sql`SHOW TABLES`);
  const [tables] = shown as [Record<string, string>[]];
  const names = tables.map((row) => Object.values(row)[0]!).filter((name) => name !== 'rate_limits' && !name.startsWith('__') && !except.includes(name));
  const summed: unknown = await db.execute(sql.raw(`CHECKSUM TABLE ${names.map((n) => `\`${n}\``).join(', ')}`));
  const [rows] = summed as [{ Table: string; Checksum: number }[]];
  return rows.map((r) => `${r.Table}=${r.Checksum}`).join(' ');
}

export const batchesOf = <T>(items: T[], size = MAX_BATCH_CALLS): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
