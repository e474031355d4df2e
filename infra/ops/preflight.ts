/**
 * `npm run ops -- preflight` (decision 112): reads the stage's real state and prints what is not
 * ready to go live, in Norwegian with the fix. Under `npx sst shell --stage X` it asks AWS (SES,
 * SNS), DNS and the stage's database; against a local database the same command checks the local
 * stand-ins (the database, the local SES endpoint, the S3 buckets) and says which cloud checks it
 * cannot make there.
 */
import { resolveTxt } from 'node:dns/promises';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, MySqlTable } from 'drizzle-orm/mysql-core';
import * as schema from '@bedriftstorget/core/db/schema';
import { readSettings } from '@bedriftstorget/api/settings/settings';
import type { MysqlHandle } from '@bedriftstorget/api/db/mysql';
import { MIGRATIONS_DIR, readMigrations, readSchemaVersion } from '../db';
import { alarmSubscriptionFindings, awsClients, domainFindings, sesFindings, type Finding, type Probes, type StageFacts } from './preflight-aws';

export type { Finding } from './preflight-aws';

const fine = (what: string): Finding => ({ ok: true, what });
const notReady = (what: string, fix: string): Finding => ({ ok: false, what, fix });

/**
 * The foreign keys the schema has (the Drizzle schema, kept in step with the migrations: 44 created,
 * 2 gone with a dropped table). PlanetScale refuses them when its foreign-key setting is off.
 */
export function expectedForeignKeys(): number {
  const values: unknown[] = Object.values(schema);
  return values.filter((value): value is MySqlTable => is(value, MySqlTable)).reduce((n, table) => n + getTableConfig(table).foreignKeys.length, 0);
}

export async function databaseFindings(mysql: MysqlHandle): Promise<Finding[]> {
  const findings: Finding[] = [];
  const migrations = readMigrations(MIGRATIONS_DIR);
  const latest = migrations.at(-1)!.tag;
  const recorded = await readSchemaVersion(mysql);
  findings.push(recorded === latest
    ? fine(`Databasen: alle migreringer er kjørt (${latest})`)
    : notReady(`Databasen: siste migrering er ${recorded || 'ingen'}, koden venter ${latest}`, 'Kjør migreringene på en gren og ta dem inn med en deploy request (README, Deploy steg 3).'));
  const result: unknown = await mysql.db.execute(sql`SELECT COUNT(*) AS n FROM information_schema.referential_constraints WHERE constraint_schema = DATABASE()`);
  const have = Number((result as [{ n: number | string }[]])[0][0]?.n ?? 0);
  const want = expectedForeignKeys();
  findings.push(have >= want
    ? fine(`Databasen: ${have} fremmednøkler`)
    : notReady(`Databasen: ${have} av ${want} fremmednøkler`, 'Slå på «foreign key constraints» i PlanetScale-databasens innstillinger, og kjør migreringene på nytt på en ny gren (README, Deploy steg 2).'));
  return findings;
}

/** SST links every secret into `sst shell`: a missing required one is a deploy that will fail. */
export function secretFindings(env: Record<string, string | undefined>): Finding[] {
  const value = (name: string) => {
    try {
      return (JSON.parse(env[`SST_RESOURCE_${name}`] ?? 'null') as { value?: string } | null)?.value;
    } catch {
      return undefined;
    }
  };
  const findings: Finding[] = [];
  for (const name of ['DatabaseUrl', 'OpsEmail', 'RateLimitKey']) {
    const set = Boolean(value(name)) && value(name) !== 'placeholder';
    findings.push(set ? fine(`Hemmeligheten ${name} er satt`) : notReady(`Hemmeligheten ${name} er ikke satt`, `npx sst secret set ${name} … --stage <stage> (README, Deploy steg 4).`));
  }
  for (const name of ['AblyKey', 'GoogleClientId', 'GoogleClientSecret']) {
    if (value(name) === 'placeholder') findings.push(fine(`Hemmeligheten ${name} står som placeholder (av)`));
  }
  return findings;
}

export function signupFindings(signupsOpen: boolean, canMailAnyone: boolean): Finding[] {
  if (!signupsOpen) return [fine('Registrering er stengt')];
  return [canMailAnyone
    ? fine('Registrering er åpen, og e-post når alle')
    : notReady('Registrering er åpen, men SES kan ikke sende til alle ennå: nye brukere får ikke bekreftelsen', 'Steng registreringen i /admin/innstillinger til SES har produksjonstilgang og avsenderen er verifisert.')];
}

export async function cloudPreflight(mysql: MysqlHandle, facts: StageFacts, env: Record<string, string | undefined>, probes: Probes = { resolveTxt, fetch }): Promise<Finding[]> {
  const clients = awsClients(facts.region);
  const ses = await sesFindings(clients.ses, facts);
  const settings = await readSettings(mysql.db);
  return [
    ...secretFindings(env),
    ...ses.findings,
    ...(await alarmSubscriptionFindings(clients.sns, `${facts.stage}`)),
    ...(await domainFindings(facts, probes)),
    ...(await databaseFindings(mysql)),
    ...signupFindings(settings.signupsOpen, ses.canMailAnyone),
  ];
}

export interface LocalStandIns {
  sesUrl: string;
  s3Endpoint: string;
  buckets: string[];
}

export async function localPreflight(mysql: MysqlHandle, local: LocalStandIns): Promise<Finding[]> {
  const findings: Finding[] = [...(await databaseFindings(mysql))];
  const ses = await fetch(local.sesUrl).then((r) => r.status < 500, () => false);
  findings.push(ses ? fine(`Lokal SES svarer på ${local.sesUrl}`) : notReady(`Lokal SES svarer ikke på ${local.sesUrl}`, 'Start appen med npm start (den starter SES-stedfortrederen), eller sett SES_PORT.'));
  const s3 = new S3Client({ endpoint: local.s3Endpoint, forcePathStyle: true, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  for (const bucket of local.buckets) {
    const found = await s3.send(new HeadBucketCommand({ Bucket: bucket })).then(() => true, () => false);
    findings.push(found ? fine(`Lokal S3: bøtten ${bucket} finnes`) : notReady(`Lokal S3: bøtten ${bucket} finnes ikke på ${local.s3Endpoint}`, 'Start appen med npm start (den lager bøttene).'));
  }
  findings.push(fine('Lokalt: SES-konto, DNS og alarmabonnement sjekkes bare mot skyen (npx sst shell --stage <stage> -- npm run ops -- preflight)'));
  findings.push(...signupFindings((await readSettings(mysql.db)).signupsOpen, ses));
  return findings;
}

export function printFindings(findings: Finding[], log: (line: string) => void = console.log): number {
  for (const finding of findings) log(finding.ok ? `✓ ${finding.what}` : `✗ ${finding.what}\n    Slik: ${finding.fix}`);
  const missing = findings.filter((f) => !f.ok).length;
  log(missing === 0 ? 'Klar til å gå live.' : `${missing} ting er ikke klare.`);
  return missing === 0 ? 0 : 1;
}
