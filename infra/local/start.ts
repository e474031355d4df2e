/**
 * `npm start` / `npm run dev`: the whole app on one origin. Makes MySQL ready (starting a local
 * MariaDB if needed), creates, migrates and seeds the database, starts the local S3 server and
 * the local SES endpoint with its web inbox, and serves the web app and /trpc. Flags: --dev (Vite hot reload), --build (build the web app first),
 * --fresh (drop the database first; used by the browser tests).
 */
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadLocalConfig } from '@bedriftstorget/api/config';
import { connectDatabase } from '@bedriftstorget/api/db/connect';
import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { createLocalServer, type LocalServerOptions } from '@bedriftstorget/api/entry/local-server';
import { createLocalServices } from '@bedriftstorget/api/entry/services';
import { runScheduledJobs } from '@bedriftstorget/api/jobs/scheduled';
import { deliverDueMail } from '@bedriftstorget/api/mail/deliver';
import { createDatabaseIfMissing, dropDatabase, migrateLocalDatabase } from '../db';
import { isEmpty, seed } from '../seed/seed';
import { startBrregStandIn } from './brreg/server';
import { startLocalVippsFor } from './vipps/for-app';
import { ensureMysql } from './mysql';
import { startPlanetscaleDouble } from './planetscale/server';
import { seedDocuments } from '../seed/documents';
import { startLocalS3 } from './s3';
import { sesPortTaken, startLocalSes } from './ses';
import { webBuildIsStale } from './web-build';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WEB_DIR = join(ROOT, 'packages/web');
const DIST_DIR = join(WEB_DIR, 'dist');
/** As often as the cloud's Cron. */
const SCHEDULED_MS = 15 * 60_000;
/**
 * The outbox alone, more often than the Cron: a mail a request could not send at once (the
 * local SES was down, or the sending rate was used up) arrives within seconds here, where a
 * person is trying the app; in the cloud the Cron's run retries it (decision 070).
 */
const OUTBOX_MS = 5_000;

async function main() {
  const flags = new Set(process.argv.slice(2));
  const dev = flags.has('--dev');
  const config = loadLocalConfig();
  const local = config.local!;

  await ensureMysql(config.databaseUrl);
  if (flags.has('--fresh')) {
    await dropDatabase(config.databaseUrl);
    await rm(local.dataDir, { recursive: true, force: true });
  }
  await createDatabaseIfMissing(config.databaseUrl);
  // Migrations always run over the MySQL protocol, as `ops migrate` does against PlanetScale.
  const migrator = connectMysql(config.databaseUrl, 1);
  await migrateLocalDatabase(migrator);
  await migrator.close();
  const planetscale = config.databaseDriver === 'planetscale' ? await startPlanetscaleDouble({ databaseUrl: config.databaseUrl, latencyMs: local.planetscaleLatencyMs }) : null;
  const database = connectDatabase(config.databaseDriver, planetscale?.url ?? config.databaseUrl);
  console.log(`database: ${database.description}${planetscale && local.planetscaleLatencyMs ? `, ${local.planetscaleLatencyMs} ms added to each call` : ''}`);

  const s3 = await startLocalS3(local.dataDir, local.s3Port, [local.imageBucket, local.documentBucket]);
  const ses = await startLocalSes(local.sesPort);
  if (!ses) throw sesPortTaken(local.sesPort);
  // Enhetsregisteret: the stand-in for the seeded companies unless BRREG_URL names a registry (decision 094).
  const brreg = config.registry.url ? null : await startBrregStandIn();
  // Vipps Login: the local Vipps unless VIPPS_ISSUER names one (decision 118).
  const localVipps = config.vipps ? null : await startLocalVippsFor(config.appUrl, local.vippsPort);
  const withStandIns = { ...config, ...(brreg && { registry: { ...config.registry, url: brreg.url } }), ...(localVipps && { vipps: localVipps.config }) };
  const services = createLocalServices(withStandIns, database.db);
  if (local.seed && (await isEmpty(database.db))) {
    const result = await seed(database.db, services.storage, config.scryptLogN);
    console.log(`Database seedet: ${result.listings} annonser, ${result.images} bilder.`);
    console.log(`Dokumenter: ${await seedDocuments(database.db, services.documents)} eksempel-PDF-er.`);
  }

  let web: LocalServerOptions['web'];
  if (dev) {
    const { createViteMiddlewares } = await import('@bedriftstorget/web/dev-server');
    web = { middlewares: await createViteMiddlewares() };
  } else {
    const distDir = local.webDist ? resolve(local.webDist) : DIST_DIR;
    if (flags.has('--build') || webBuildIsStale(ROOT, distDir)) {
      console.log('Bygger web-appen …');
      const build = spawnSync('npm', ['run', 'build', '-w', '@bedriftstorget/web', '--', '--outDir', distDir], { cwd: ROOT, stdio: 'inherit' });
      if (build.status !== 0) throw new Error('Byggingen av web-appen feilet (se over).');
    }
    web = { distDir };
  }

  const server = createLocalServer({ services, web });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${local.port} er i bruk. Stopp det som bruker den, eller sett PORT.`) : error),
    );
    server.listen(local.port, local.host, resolve);
  });
  // runScheduledJobs logs a failed step itself; this catches only what escapes it.
  const timer = setInterval(() => {
    runScheduledJobs(services).catch((error: unknown) => console.error('scheduled jobs failed', error));
  }, SCHEDULED_MS);
  let delivering = false;
  const outboxTimer = setInterval(() => {
    if (delivering) return;
    delivering = true;
    deliverDueMail(services)
      .catch((error: unknown) => console.error('mail outbox', error))
      .finally(() => (delivering = false));
  }, OUTBOX_MS);
  console.log(`Bedriftstorget kjører på ${config.appUrl}${dev ? ' (dev, hot reload)' : ''}`);
  if (localVipps) console.log(`Vipps: lokal Vipps på ${localVipps.vipps.issuer} (testpersoner på innloggingssiden)`);
  console.log(`E-post: innboksen på ${ses.url} (og en JSON-fil per e-post i ${join(local.dataDir, 'outbox')})`);

  const stop = async () => {
    clearInterval(timer);
    clearInterval(outboxTimer);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await s3.close();
    await ses.close();
    await brreg?.close();
    await localVipps?.vipps.close();
    await database.close();
    await planetscale?.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  if (!(error instanceof ConfigError) && error instanceof Error && process.env.DEBUG) console.error(error.stack);
  process.exit(1);
});
