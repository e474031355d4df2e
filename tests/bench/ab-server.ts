/**
 * One side of the A/B (ab.ts): the app's own local server, built from the code of the worktree
 * given as the first argument (today's checkout or the base commit's), over the app's own mysql2
 * pool (`connectMysql`, as `npm start` has it), with the local cache off. Run by ab.ts as a child
 * process with an IPC channel: it sends `{ port }` once listening and answers `usage` (its CPU
 * time and memory) and `profile-start` / `profile-stop` (a V8 CPU profile of itself).
 * Only what every commit since turn 3 exports is used: loadLocalConfig, connectMysql,
 * createLocalServices and createLocalServer.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

const root = process.argv[2];
const databaseUrl = process.argv[3];
if (!root || !databaseUrl || !process.send) throw new Error('usage: fork ab-server.ts <worktree> <database url> (with an IPC channel)');

type Module = Record<string, (...args: never[]) => unknown>;
const load = async (path: string) => (await import(join(root, 'packages/api/src', path))) as Module;
const [{ loadLocalConfig }, { connectMysql }, { createLocalServices }, { createLocalServer }] = await Promise.all([
  load('config.ts'),
  load('db/mysql.ts'),
  load('entry/services.ts'),
  load('entry/local-server.ts'),
]);

const env = { DATABASE_URL: databaseUrl, SCRYPT_LOG_N: '10', LOG_MAIL: 'false', DATA_DIR: '.data/bench-ab', APP_URL: 'http://localhost:3000', LOCAL_CACHE: 'false' };
const config = (loadLocalConfig as (e: typeof env) => unknown)(env);
const { db } = (connectMysql as (url: string) => { db: unknown })(databaseUrl);
const services = (createLocalServices as (c: unknown, d: unknown) => unknown)(config, db);
// `cache: null`: the local cache off (the base commit has no such option and ignores it).
const server = (createLocalServer as (o: unknown) => Server)({ services, web: { distDir: '/nonexistent' }, cache: null });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

// Connected only while a profile or a collection is asked for: with an inspector session attached,
// V8 keeps every console call (a stack trace and its arguments) for the session, which made today's
// log line cost ~100 µs a request here and nothing like it in any host (decision 143).
let session: Session | null = null;
const inspector = () => {
  if (!session) {
    session = new Session();
    session.connect();
  }
  return session;
};
const disconnect = () => {
  session?.disconnect();
  session = null;
};

type Command = { id: number; cmd: 'usage' | 'profile-start' | 'profile-stop' | 'gc' };
process.on('message', (message: Command) => {
  void (async () => {
    let result: unknown = null;
    if (message.cmd === 'usage') result = { cpu: process.cpuUsage(), memory: process.memoryUsage() };
    if (message.cmd === 'gc') {
      // A full collection before a memory reading, so growth is what stays, not garbage not yet swept.
      await inspector().post('HeapProfiler.collectGarbage');
      disconnect();
      result = { memory: process.memoryUsage() };
    }
    if (message.cmd === 'profile-start') {
      await inspector().post('Profiler.enable');
      await inspector().post('Profiler.setSamplingInterval', { interval: 200 });
      await inspector().post('Profiler.start');
    }
    if (message.cmd === 'profile-stop') {
      result = (await inspector().post('Profiler.stop')).profile;
      disconnect();
    }
    process.send!({ id: message.id, result });
  })();
});
process.on('disconnect', () => process.exit(0));
process.send({ port: (server.address() as AddressInfo).port });
