/**
 * The load section's "plain" side in a process of its own, as the app's side is (ab-server.ts):
 * node:http sending, for each path, the statements the app sent for it (one after another) over a
 * mysql2 pool like the app's, and writing their rows as JSON — the ceiling for this SQL on this
 * machine. Run by load.ts as a child process with an IPC channel: it is sent
 * `{ statements: { [key]: { sql, params }[] } }` and answers `{ port }` once listening.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSessionPool } from '@bedriftstorget/api/db/session';

type Statements = Record<string, { sql: string; params: unknown[] }[]>;
const databaseUrl = process.argv[2];
if (!databaseUrl || !process.send) throw new Error('usage: fork plain-server.ts <database url> (with an IPC channel)');

const statements = await new Promise<Statements>((resolve) => process.once('message', (message: { statements: Statements }) => resolve(message.statements)));
const pool = createSessionPool({ uri: databaseUrl, timezone: 'Z', connectionLimit: 10, charset: 'utf8mb4' });

/** Which of the load section's paths a request is (load.ts names them the same). */
function keyOf(path: string): string {
  if (path.includes('listing.browse')) return path.includes('l%C3%B8nnsom') ? 'search' : 'browse';
  if (path.includes('listing.detail')) return 'detail';
  if (path.includes('listing.landing')) return 'landing';
  return path.includes('favorite.add') ? 'add' : 'remove';
}

const server = createServer((req, res) => {
  const key = keyOf(req.url ?? '');
  req.resume();
  req.on('end', () => void (async () => {
    try {
      const results = [];
      for (const s of statements[key]!) results.push((await pool.query(s.sql, s.params))[0]);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(results));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  })());
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
process.on('disconnect', () => process.exit(0));
process.send({ port: (server.address() as AddressInfo).port });
