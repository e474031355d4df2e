import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMysql, type MysqlHandle } from '@bedriftstorget/api/db/mysql';
import { cloudPreflight, expectedForeignKeys, printFindings, type Finding } from '../../infra/ops/preflight';
import { testDatabaseUrl } from '../setup/test-db';
import { startFakeAws, type FakeAws } from './fake-aws';
import { db, slot } from './harness';
import { appSettings } from '@bedriftstorget/core/settings/settings.sql';

/**
 * `ops preflight` against a stage (decision 112): the real SESv2 and SNS clients ask a local fake
 * that answers as SES and SNS do (tests/api/fake-aws.ts); the database is this worker's, migrated
 * as the app's; DNS and the domain's answer are given.
 */
let aws: FakeAws;
let mysql: MysqlHandle;
const saved = { ...process.env };

beforeAll(async () => {
  aws = await startFakeAws();
  Object.assign(process.env, { AWS_ENDPOINT_URL: aws.url, AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_EC2_METADATA_DISABLED: 'true' });
  mysql = connectMysql(testDatabaseUrl(slot), 1);
});
afterAll(async () => {
  process.env = saved;
  await mysql?.close();
  await aws?.close();
});

const facts = { stage: 'production', region: 'eu-central-1', sender: 'drift+production@bedriftstorget.no', domain: { name: 'bedriftstorget.no', mailFrom: 'mail.bedriftstorget.no' }, appUrl: 'https://bedriftstorget.no' };
const secrets = {
  SST_RESOURCE_DatabaseUrl: JSON.stringify({ value: 'mysql://x' }),
  SST_RESOURCE_OpsEmail: JSON.stringify({ value: 'drift@bedriftstorget.no' }),
  SST_RESOURCE_RateLimitKey: JSON.stringify({ value: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' }),
};
const topic = (region: string) => `arn:aws:sns:${region}:111122223333:bedriftstorget-production-OpsAlarmsTopic-abc`;

function probes(ready: boolean) {
  return {
    resolveTxt: (name: string) => Promise.resolve(ready && name === '_dmarc.bedriftstorget.no' ? [['v=DMARC1; p=none']] : []),
    fetch: () => Promise.resolve(new Response('', { headers: ready ? { 'x-amz-cf-id': 'abc' } : {} })),
  } as unknown as Parameters<typeof cloudPreflight>[3];
}

const notReady = (findings: Finding[]) => findings.filter((f) => !f.ok).map((f) => f.what);

describe('ops preflight against a stage', () => {
  it('names, in Norwegian and with the fix, everything a new stage lacks', async () => {
    Object.assign(aws.account, { productionAccess: false, identities: { 'drift+production@bedriftstorget.no': { verified: false, dkim: 'NOT_STARTED' } }, subscriptions: [{ topicArn: topic('eu-central-1'), protocol: 'email', endpoint: 'drift@bedriftstorget.no', subscriptionArn: 'PendingConfirmation' }] });
    await db.update(appSettings).set({ signupsOpen: true }).where(eq(appSettings.id, 1));
    const findings = await cloudPreflight(mysql, facts, { SST_RESOURCE_DatabaseUrl: secrets.SST_RESOURCE_DatabaseUrl }, probes(false));
    expect(notReady(findings)).toEqual([
      'Hemmeligheten OpsEmail er ikke satt',
      'Hemmeligheten RateLimitKey er ikke satt',
      'SES: avsenderen drift+production@bedriftstorget.no er ikke verifisert',
      'SES: domenet bedriftstorget.no er ikke verifisert (DKIM: mangler)',
      'SES: MAIL FROM mail.bedriftstorget.no er ikke sett (mangler)',
      'SES: kontoen er i sandkassen – e-post går bare til verifiserte adresser',
      'Alarmer (eu-central-1): abonnementet til drift@bedriftstorget.no er ikke bekreftet',
      'Alarmer (us-east-1): ingen e-postabonnement på alarmene',
      'DNS: ingen DMARC-post for bedriftstorget.no',
      'DNS: bedriftstorget.no svarer ikke gjennom CloudFront',
      'Registrering er åpen, men SES kan ikke sende til alle ennå: nye brukere får ikke bekreftelsen',
    ]);
    for (const finding of findings.filter((f) => !f.ok)) expect(finding.fix, finding.what).toMatch(/\S/);
    const printed: string[] = [];
    expect(printFindings(findings, (line) => printed.push(line))).toBe(1);
    expect(printed.at(-1)).toBe('11 ting er ikke klare.');
  });

  it('passes a stage that is ready: verified sender and domain, production access, confirmed subscriptions, DNS, every migration and foreign key', async () => {
    Object.assign(aws.account, {
      productionAccess: true,
      identities: { 'drift+production@bedriftstorget.no': { verified: true, dkim: 'NOT_STARTED' }, 'bedriftstorget.no': { verified: true, dkim: 'SUCCESS', mailFrom: 'SUCCESS' } },
      subscriptions: ['eu-central-1', 'us-east-1'].map((region) => ({ topicArn: topic(region), protocol: 'email', endpoint: 'drift@bedriftstorget.no', subscriptionArn: `${topic(region)}:sub-1` })),
    });
    const findings = await cloudPreflight(mysql, facts, secrets, probes(true));
    expect(notReady(findings)).toEqual([]);
    expect(findings.map((f) => f.what)).toContain(`Databasen: ${expectedForeignKeys()} fremmednøkler`);
    // The schema's foreign keys: 46 created by the migrations, 2 dropped with saved_search_hits (0016).
    expect(expectedForeignKeys()).toBe(44);
  });
});
