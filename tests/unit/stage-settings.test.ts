import { describe, expect, it } from 'vitest';
import { mailDnsRecords } from '../../stacks/mail-records';
import { DEPLOY_SETTINGS, DeploySettingsError, stageSettings, type DeploySettings } from '../../stacks/stage-settings';
import { CLOUDFRONT_MAX_READ_TIMEOUT_SECONDS, FUNCTION_TIMEOUT_SECONDS, routeReadTimeout } from '../../stacks/timeouts';

/** What each stage deploys with (stacks/stage-settings.ts; decisions 065, 066, 067). */
const CERT = 'arn:aws:acm:us-east-1:123456789012:certificate/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0';
const configured: DeploySettings = { ...DEPLOY_SETTINGS, production: { ...DEPLOY_SETTINGS.production, certificateArn: CERT } };

describe('the region', () => {
  it('is the database\'s, PlanetScale\'s eu-central-1, for every stage', () => {
    expect(DEPLOY_SETTINGS.region).toBe('eu-central-1');
    expect(stageSettings('production', configured).region).toBe('eu-central-1');
    expect(stageSettings('pr-12', configured).region).toBe('eu-central-1');
  });

  it('refuses something that is not a region', () => {
    expect(() => stageSettings('dev', { ...configured, region: 'Frankfurt' })).toThrow(DeploySettingsError);
  });
});

describe('production', () => {
  it('runs on its own domain with the us-east-1 certificate, and is indexed', () => {
    const production = stageSettings('production', configured);
    expect(production.domain).toEqual({ name: 'bedriftstorget.no', certificateArn: CERT });
    expect(production.indexable).toBe(true);
  });

  it('is not deployed without a us-east-1 certificate: the error names the step', () => {
    expect(() => stageSettings('production', DEPLOY_SETTINGS)).toThrow(/Domain and certificate.*certificateArn/);
    const elsewhere = CERT.replace('us-east-1', 'eu-central-1');
    expect(() => stageSettings('production', { ...configured, production: { ...configured.production, certificateArn: elsewhere } })).toThrow(DeploySettingsError);
  });

  it('sends as its own stage address until the domain is verified, then as noreply@ the domain', () => {
    const before = stageSettings('production', configured);
    expect(before.mail).toEqual({
      ratePerSecond: 1,
      stageAddress: 'drift+production@bedriftstorget.no',
      domain: { name: 'bedriftstorget.no', mailFrom: 'mail.bedriftstorget.no' },
      from: 'drift+production@bedriftstorget.no',
    });
    const after = stageSettings('production', { ...configured, production: { ...configured.production, sendsFromDomain: true } });
    expect(after.mail.from).toBe('noreply@bedriftstorget.no');
    // The domain identity exists either way: switching the sender never waits on SES.
    expect(after.mail.domain).toEqual(before.mail.domain);
  });
});

describe('other stages', () => {
  it('keep their cloudfront host, are not indexed, and have no domain identity', () => {
    const dev = stageSettings('dev', configured);
    expect(dev.domain).toBeNull();
    expect(dev.indexable).toBe(false);
    expect(dev.mail.domain).toBeNull();
  });

  it('each verify an address of their own, so two stages in one account never claim the same SES identity', () => {
    const addresses = ['dev', 'pr-12', 'Kari', 'production'].map((stage) => stageSettings(stage, configured).mail.stageAddress);
    expect(addresses).toEqual(['drift+dev@bedriftstorget.no', 'drift+pr-12@bedriftstorget.no', 'drift+kari@bedriftstorget.no', 'drift+production@bedriftstorget.no']);
    expect(stageSettings('dev', configured).mail.from).toBe('drift+dev@bedriftstorget.no');
  });

  it('keep to the account\'s SES send rate, which every stage shares; below 1 a second is refused', () => {
    for (const stage of ['dev', 'production']) expect(stageSettings(stage, { ...configured, mailRatePerSecond: 14 }).mail.ratePerSecond).toBe(14);
    expect(() => stageSettings('dev', { ...configured, mailRatePerSecond: 0 })).toThrow(DeploySettingsError);
  });

  it('refuse a stage mailbox that already has a plus part', () => {
    expect(() => stageSettings('dev', { ...configured, stageMailbox: 'drift+x@bedriftstorget.no' })).toThrow(DeploySettingsError);
  });
});

describe('the DNS records production\'s mail needs', () => {
  it('are the three DKIM CNAMEs, MAIL FROM\'s MX in the functions\' region with SPF, and DMARC', () => {
    const records = mailDnsRecords({ name: 'bedriftstorget.no', mailFrom: 'mail.bedriftstorget.no' }, 'eu-central-1', ['aaa', 'bbb', 'ccc']);
    expect(records).toEqual([
      'aaa._domainkey.bedriftstorget.no CNAME aaa.dkim.amazonses.com',
      'bbb._domainkey.bedriftstorget.no CNAME bbb.dkim.amazonses.com',
      'ccc._domainkey.bedriftstorget.no CNAME ccc.dkim.amazonses.com',
      'mail.bedriftstorget.no MX 10 feedback-smtp.eu-central-1.amazonses.com',
      'mail.bedriftstorget.no TXT "v=spf1 include:amazonses.com ~all"',
      '_dmarc.bedriftstorget.no TXT "v=DMARC1; p=none"',
    ]);
  });
});

describe('timeouts', () => {
  it('the Router waits longer for a routed function than the function may run, within CloudFront\'s limit', () => {
    for (const fn of ['api', 'seo'] as const) {
      const wait = Number.parseInt(routeReadTimeout(fn), 10);
      expect(wait, fn).toBeGreaterThan(FUNCTION_TIMEOUT_SECONDS[fn]);
      expect(wait, fn).toBeLessThanOrEqual(CLOUDFRONT_MAX_READ_TIMEOUT_SECONDS);
    }
    // SST's default read timeout is 20 s; the API may run 30.
    expect(FUNCTION_TIMEOUT_SECONDS.api).toBe(30);
    expect(routeReadTimeout('api')).toBe('35 seconds');
  });
});

describe('the privacy contact', () => {
  it('is the same address for every stage, and something that is not an address stops the deploy', () => {
    expect(stageSettings('pr-12', configured).privacyContact).toBe('personvern@bedriftstorget.no');
    expect(stageSettings('production', configured).privacyContact).toBe('personvern@bedriftstorget.no');
    expect(() => stageSettings('pr-12', { ...configured, privacyContact: 'personvern' })).toThrow(DeploySettingsError);
  });
});
