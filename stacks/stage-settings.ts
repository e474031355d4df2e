/**
 * Everything a deploy depends on that is not a secret, in one place and as plain values (no SST
 * globals), so tests can check what each stage gets. sst.config.ts reads the region from here; the
 * stacks read the rest. The README's Deploy section says which step sets which value.
 */

export interface DeploySettings {
  /**
   * The AWS region of the functions, the image bucket and SES: the PlanetScale database's region,
   * because every statement over PlanetScale's HTTP driver is a round trip (decision 067).
   */
  region: string;
  production: {
    /** The site's own domain: every link, cookie, canonical URL and sitemap entry uses it (decision 066). */
    domain: string;
    /** An ACM certificate in us-east-1 that covers `domain`, issued before the first deploy (README, Deploy: Domain and certificate). */
    certificateArn: string;
    /** Switched on once SES shows the domain verified (README, Deploy: Switch to the domain sender); until then production sends as its stage address (decision 065). */
    sendsFromDomain: boolean;
  };
  /** A mailbox that takes plus addresses: each stage verifies `local+<stage>@domain` as its own SES sender (decision 065). */
  stageMailbox: string;
  /**
   * The account's SES 'Maximum send rate' (mails a second; 1 in the sandbox). Every stage of the
   * account shares it, and the functions keep to it (MAIL_RATE_PER_SECOND, decision 072).
   */
  mailRatePerSecond: number;
  /**
   * The address the Personvern page gives for privacy questions and requests (PRIVACY_CONTACT_EMAIL,
   * decision 089): a mailbox someone reads, the same for every stage.
   */
  privacyContact: string;
  /**
   * Vipps Login's issuer per stage (decision 119): production signs in with Vipps's production
   * issuer, every other stage with its test issuer (test users in Vipps's test app).
   */
  vippsIssuer: { production: string; otherStages: string };
  /** 'Om oss' names the company by these (packages/core/src/site/company.ts); the web build gets them as VITE_COMPANY_*. */
  company: { orgNr: string; address: string };
}

export const DEPLOY_SETTINGS: DeploySettings = {
  // PlanetScale's AWS eu-central-1 (Frankfurt); it has no region in Stockholm.
  region: 'eu-central-1',
  production: {
    domain: 'bedriftstorget.no',
    certificateArn: '',
    sendsFromDomain: false,
  },
  stageMailbox: 'drift@bedriftstorget.no',
  mailRatePerSecond: 1,
  privacyContact: 'personvern@bedriftstorget.no',
  vippsIssuer: { production: 'https://api.vipps.no/access-management-1.0/access/', otherStages: 'https://apitest.vipps.no/access-management-1.0/access/' },
  // Empty until the company is registered: the site then shows the local defaults (decision 091).
  company: { orgNr: '', address: '' },
};

export const PRODUCTION_STAGE = 'production';

/** The MAIL FROM subdomain production's mail bounces to (SPF aligned with the domain). */
export const MAIL_FROM_SUBDOMAIN = 'mail';

export interface StageSettings {
  stage: string;
  region: string;
  /** The Router's custom domain; null: the stage keeps its cloudfront.net host. */
  domain: { name: string; certificateArn: string } | null;
  /** Whether search engines may index the stage (robots.txt and X-Robots-Tag). Production only. */
  indexable: boolean;
  /** PRIVACY_CONTACT_EMAIL of the API function. */
  privacyContact: string;
  /** VIPPS_ISSUER of the API function (decision 119). */
  vippsIssuer: string;
  mail: {
    /** The account's SES send rate, in mails a second. */
    ratePerSecond: number;
    /** The stage's own address identity, verified by the link SES mails to it. */
    stageAddress: string;
    /** The domain identity production creates (DKIM, MAIL FROM), whether or not it sends from it yet. */
    domain: { name: string; mailFrom: string } | null;
    /** What the functions send as: the stage address, or noreply@ the domain once it is verified. */
    from: string;
  };
}

export class DeploySettingsError extends Error {}

const REGION = /^[a-z]{2}(-[a-z]+)+-\d$/;
const CERTIFICATE = /^arn:aws:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]{36}$/;
const ADDRESS = /^([^@\s+]+)@([a-z0-9.-]+\.[a-z]{2,})$/;
const PLAIN_ADDRESS = /^[^@\s]+@[a-z0-9.-]+\.[a-z]{2,}$/;

/** `drift@bedriftstorget.no` + `pr-12` → `drift+pr-12@bedriftstorget.no`: one mailbox gets every stage's verification link. */
export function stageAddress(mailbox: string, stage: string): string {
  const match = ADDRESS.exec(mailbox);
  if (!match) throw new DeploySettingsError(`stageMailbox "${mailbox}" må være en vanlig adresse uten +`);
  return `${match[1]}+${stage.toLowerCase()}@${match[2]}`;
}

export function stageSettings(stage: string, settings: DeploySettings = DEPLOY_SETTINGS): StageSettings {
  if (!(settings.mailRatePerSecond >= 1)) throw new DeploySettingsError(`mailRatePerSecond må være minst 1 (fikk ${settings.mailRatePerSecond})`);
  if (!REGION.test(settings.region)) throw new DeploySettingsError(`region "${settings.region}" er ikke en AWS-region`);
  const address = stageAddress(settings.stageMailbox, stage);
  if (!PLAIN_ADDRESS.test(settings.privacyContact)) throw new DeploySettingsError(`privacyContact "${settings.privacyContact}" er ikke en e-postadresse`);
  const { privacyContact } = settings;
  if (stage !== PRODUCTION_STAGE) {
    return { stage, region: settings.region, domain: null, indexable: false, privacyContact, vippsIssuer: settings.vippsIssuer.otherStages, mail: { ratePerSecond: settings.mailRatePerSecond, stageAddress: address, domain: null, from: address } };
  }
  const { domain, certificateArn, sendsFromDomain } = settings.production;
  if (!CERTIFICATE.test(certificateArn)) {
    throw new DeploySettingsError(
      `production trenger et ACM-sertifikat i us-east-1 for ${domain} (README, Deploy: «Domain and certificate»): sett production.certificateArn i stacks/stage-settings.ts (fikk "${certificateArn}")`,
    );
  }
  return {
    stage,
    region: settings.region,
    domain: { name: domain, certificateArn },
    indexable: true,
    privacyContact,
    vippsIssuer: settings.vippsIssuer.production,
    mail: {
      ratePerSecond: settings.mailRatePerSecond,
      stageAddress: address,
      domain: { name: domain, mailFrom: `${MAIL_FROM_SUBDOMAIN}.${domain}` },
      from: sendsFromDomain ? `noreply@${domain}` : address,
    },
  };
}
