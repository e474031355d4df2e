/**
 * The ops CLI: `npm run ops -- <command>`. Runs against DATABASE_URL (locally the default
 * database; for the cloud, PlanetScale's MySQL URL).
 *   migrate                  apply pending migrations (creates the database locally if missing)
 *   seed                     seed an empty database with the sample data (local only)
 *   grant-admin <email>      give a user the admin role
 *   revoke-admin <email>     take it away
 *   housekeeping             delete expired sessions, spent tokens and old rate-limit windows
 *   review-queue             run the scheduled jobs once (housekeeping, review alerts, draft reminders)
 */
import { loadLocalConfig } from '@bedriftstorget/api/config';
import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { createLocalServices } from '@bedriftstorget/api/entry/services';
import { runHousekeeping } from '@bedriftstorget/api/jobs/housekeeping';
import { allSucceeded, runScheduledJobs } from '@bedriftstorget/api/jobs/scheduled';
import { createDatabaseIfMissing, migrateDatabase } from '../db';
import { startLocalS3 } from '../local/s3';
import { isEmpty, seed } from '../seed/seed';
import { grantAdmin, revokeAdmin } from './roles';

const USAGE = `Bruk: npm run ops -- <kommando>
  migrate                 kjør migreringer
  seed                    fyll en tom database med eksempeldata (lokalt)
  grant-admin <e-post>    gi en bruker admin-rollen
  revoke-admin <e-post>   fjern admin-rollen
  housekeeping            rydd utløpte økter, brukte lenker og gamle tellere
  review-queue            kjør de planlagte jobbene én gang (varsler om køen, påminnelser, rydding)`;

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  const config = loadLocalConfig();
  if (command === 'migrate') await createDatabaseIfMissing(config.databaseUrl);
  const known = ['migrate', 'seed', 'grant-admin', 'revoke-admin', 'housekeeping', 'review-queue'];
  if (!command || !known.includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const mysql = connectMysql(config.databaseUrl, 2);
  try {
    switch (command) {
      case 'migrate':
        await migrateDatabase(mysql);
        console.log('Migreringer kjørt.');
        return 0;
      case 'seed': {
        if (!(await isEmpty(mysql.db))) {
          console.log('Databasen har allerede brukere; seeder ikke.');
          return 0;
        }
        const local = config.local!;
        const s3 = await startLocalS3(local.dataDir, local.s3Port, local.imageBucket);
        try {
          const result = await seed(mysql.db, createLocalServices(config, mysql.db).storage, config.scryptLogN);
          console.log(`Seedet ${result.listings} annonser og ${result.images} bilder.`);
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
      case 'review-queue': {
        // What the Cron runs in the cloud; mail goes to the outbox.
        const summary = await runScheduledJobs(createLocalServices(config, mysql.db));
        console.log(JSON.stringify(summary));
        return allSucceeded(summary) ? 0 : 1;
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
