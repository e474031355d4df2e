/**
 * The ops CLI: `npm run ops -- <command>`. Runs against DATABASE_URL (locally the default
 * database; for the cloud, PlanetScale's MySQL URL, or the stage's DatabaseUrl secret under
 * `npx sst shell --stage X -- npm run ops -- …`). Commands that need adapters get the cloud
 * ones against a remote database, or refuse (infra/ops/target.ts).
 *   migrate                  apply the migrations the schema has not had (creates the database locally if missing)
 *   backfill                 the data changes migrations no longer make (safe to run twice; docs/decisions/063)
 *   seed                     seed an empty database with the sample data (local only)
 *   grant-admin <email>      give a user the admin role
 *   revoke-admin <email>     take it away
 *   housekeeping             delete expired sessions, spent tokens and old rate-limit windows
 *   recount-views            rebuild every listing's view count from what is known (safe to run twice)
 *   review-queue             run the scheduled jobs once (housekeeping, alerts, reminders, expiry, the mail outbox)
 *   preflight                what is not ready to go live, with the fix (infra/ops/preflight.ts)
 *   smoke --url URL          exercise a deployed site end to end and clean up (infra/ops/smoke.ts)
 */
import { senderAddress } from '@bedriftstorget/api/adapters/mailer';
import { loadCloudConfig, loadLocalConfig } from '@bedriftstorget/api/config';
import type { Services } from '@bedriftstorget/api/context';
import type { Database } from '@bedriftstorget/api/db/client';
import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { createCloudServices, createLocalServices } from '@bedriftstorget/api/entry/services';
import { runHousekeeping } from '@bedriftstorget/api/jobs/housekeeping';
import { recountViews } from '@bedriftstorget/api/listing/views';
import { allSucceeded, runScheduledJobs } from '@bedriftstorget/api/jobs/scheduled';
import { createDatabaseIfMissing, migrateDatabase } from '../db';
import { runBackfills } from './backfill';
import { seedDocuments } from '../seed/documents';
import { startLocalS3 } from '../local/s3';
import { startLocalSes } from '../local/ses';
import { isEmpty, seed } from '../seed/seed';
import { flagValue, seedBigCommand } from './seed-big';
import { grantAdmin, revokeAdmin } from './roles';
import { cloudPreflight, localPreflight, printFindings } from './preflight';
import { stageFacts } from './preflight-facts';
import { runSmoke } from './smoke';
import { chooseAdapters, isLocalDatabaseUrl, OPS_COMMANDS, opsDatabaseUrl, type AdapterChoice, type OpsCommand } from './target';

/** The services for the scheduled jobs: the stage's SES/S3/Ably, or the local ones. */
function jobServices(choice: AdapterChoice, config: ReturnType<typeof loadLocalConfig>, db: Database): Services {
  if (choice.kind !== 'cloud') return createLocalServices(config, db);
  const { cloud } = choice;
  const cloudConfig = loadCloudConfig(
    { databaseUrl: config.databaseUrl, imageBucket: cloud.bucket, mailFrom: cloud.mailSender, googleClientId: cloud.googleClientId, googleClientSecret: cloud.googleClientSecret, ablyKey: cloud.ablyKey, rateLimitKey: cloud.rateLimitKey },
    { APP_URL: cloud.appUrl },
  );
  return createCloudServices(cloudConfig, db, { bucket: cloud.bucket, documentBucket: cloud.documentBucket, mail: { from: senderAddress(cloud.mailSender), configurationSet: cloud.mailConfigSet } });
}

const USAGE = `Bruk: npm run ops -- <kommando>
  migrate                 kjør migreringene skjemaet ikke har fått (bare skjema, trygt på en PlanetScale-gren)
  backfill                dataendringene som hører til migreringene (trygt å kjøre flere ganger)
  seed                    fyll en tom database med eksempeldata (lokalt)
  seed --listings N       fyll databasen med N genererte annonser, brukere, favoritter og meldinger
                          (for ytelsesmålinger; kun lokale databaser uten --force)
  grant-admin <e-post>    gi en bruker admin-rollen
  revoke-admin <e-post>   fjern admin-rollen
  housekeeping            rydd utløpte økter, brukte lenker og gamle tellere
  recount-views           regn ut visningstallene på nytt fra det som er registrert (trygt å kjøre flere ganger)
  review-queue            kjør de planlagte jobbene én gang (rydding, varsler, påminnelser, utløp, e-post som venter)
  preflight               hva som ikke er klart før lansering, og hva du gjør med det (mot skyen gjennom sst shell)
  smoke --url URL         prøv stier ingen test uten nett når, mot nettstedet på URL, og rydd etter deg`;

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!command || !(OPS_COMMANDS as readonly string[]).includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const databaseUrl = opsDatabaseUrl(process.env);
  const config = loadLocalConfig({ ...process.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const choice = chooseAdapters(command as OpsCommand, config.databaseUrl, process.env);
  if (choice.kind === 'refuse') {
    console.error(choice.message);
    return 2;
  }
  if (choice.kind === 'cloud') console.log(`Skyens adaptere: SES, S3-bøtten ${choice.cloud.bucket}, lenker til ${choice.cloud.appUrl}.`);
  // PlanetScale makes databases itself, and its production branches refuse CREATE DATABASE.
  if (command === 'migrate' && isLocalDatabaseUrl(config.databaseUrl)) await createDatabaseIfMissing(config.databaseUrl);
  const mysql = connectMysql(config.databaseUrl, 2);
  try {
    switch (command) {
      case 'migrate': {
        const applied = await migrateDatabase(mysql);
        console.log(applied.length > 0 ? `Migreringer kjørt: ${applied.join(', ')}.` : 'Ingen nye migreringer.');
        // On PlanetScale this ran on a development branch; the data changes belong on production.
        console.log('Dataendringer: npm run ops -- backfill mot databasen som har dataene (produksjonsgrenen).');
        return 0;
      }
      case 'backfill': {
        const report = await runBackfills(mysql);
        console.log(`Innstillingsrad lagt til: ${report.settingsRow}. Søkeordtellinger skrevet: ${report.termCounts}. Annonser som fikk søkeord: ${report.listingTerms}. Annonser med søkeord skrevet på nytt (aksenter, tidligere fylker): ${report.refoldedTerms}. Lagrede søk arkivert på nytt: ${report.refiledSearches}.`);
        return 0;
      }
      case 'seed': {
        const big = flagValue(args, '--listings');
        if (big !== undefined) return await seedBigCommand(config, mysql, big, args.includes('--force'));
        if (!(await isEmpty(mysql.db))) {
          console.log('Databasen har allerede brukere; seeder ikke.');
          return 0;
        }
        const local = config.local!;
        const s3 = await startLocalS3(local.dataDir, local.s3Port, [local.imageBucket, local.documentBucket]);
        try {
          const services = createLocalServices(config, mysql.db);
          const result = await seed(mysql.db, services.storage, config.scryptLogN);
          console.log(`Seedet ${result.listings} annonser og ${result.images} bilder.`);
          console.log(`Dokumenter: ${await seedDocuments(mysql.db, services.documents)} eksempel-PDF-er.`);
        } finally {
          await s3.close();
        }
        return 0;
      }
      case 'grant-admin':
      case 'revoke-admin': {
        const email = args[0];
        if (!email) {
          console.error(`Bruk: npm run ops -- ${command} <e-post>`);
          return 2;
        }
        const result = command === 'grant-admin' ? await grantAdmin(mysql.db, email) : await revokeAdmin(mysql.db, email);
        console.log(result.message);
        return result.ok ? 0 : 1;
      }
      case 'housekeeping':
        console.log(JSON.stringify(await runHousekeeping(mysql.db)));
        return 0;
      case 'recount-views':
        console.log(`Visningstall rettet på ${await recountViews(mysql.db)} annonser.`);
        return 0;
      case 'preflight': {
        if (choice.kind === 'cloud') return printFindings(await cloudPreflight(mysql, stageFacts(choice.cloud, process.env), process.env));
        const local = config.local!;
        return printFindings(await localPreflight(mysql, { sesUrl: `http://127.0.0.1:${local.sesPort}`, s3Endpoint: `http://127.0.0.1:${local.s3Port}`, buckets: [local.imageBucket, local.documentBucket] }));
      }
      case 'smoke': {
        const url = flagValue(args, '--url');
        if (!url) {
          console.error('Bruk: npm run ops -- smoke --url https://… (i skyen gjennom npx sst shell --stage X --)');
          return 2;
        }
        const steps = await runSmoke(url, config.databaseUrl, mysql.db);
        const failed = steps.filter((s) => !s.ok).length;
        console.log(failed === 0 ? 'Røyktesten gikk gjennom.' : `${failed} steg feilet.`);
        return failed === 0 ? 0 : 1;
      }
      case 'review-queue': {
        // What the Cron runs: against the cloud, through the stage's SES; locally through the
        // local SES endpoint — the running app's, or one started for this run (its JSON copies
        // in DATA_DIR/outbox stay).
        const localSes = choice.kind === 'cloud' ? null : await startLocalSes(config.local!.sesPort);
        try {
          const summary = await runScheduledJobs(jobServices(choice, config, mysql.db));
          console.log(JSON.stringify(summary));
          return allSucceeded(summary) ? 0 : 1;
        } finally {
          await localSes?.close();
        }
      }
    }
    return 2;
  } finally {
    await mysql.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
