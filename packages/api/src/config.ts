import * as z from 'zod';
import { DATABASE_DRIVERS, type DatabaseDriver } from './db/driver';
import { ablyKeyProblem } from './realtime/ably';

/**
 * The only place that reads the environment (docs/architecture.md, 'Conventions'). Parsed once at start-up; a wrong
 * value stops the process with a message that names the variable.
 */
/**
 * How long a browse page waits for its 'Viser X av Y' count (decision 056). Counts of filters take
 * a few ms and come with the page; a first search of common words can take a second to count, and
 * the cards need not wait for it. Long enough for an unfiltered count on a busy machine, short beside
 * a phone's round trip for the second request.
 */
export const DEFAULT_COUNT_WAIT_MS = 20;

const booleanString = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Mails per second this process sends at most (decision 072): SES's sandbox allows 1; production
 * gets the account's own quota (SES console → Account dashboard → 'Maximum send rate').
 */
const mailRate = z.coerce.number().positive().max(1000).default(1);

/** Whom the Personvern page names for questions and requests about personal data (decision 089). */
const privacyContact = z.email().max(255).default('personvern@bedriftstorget.no');
/** Enhetsregisteret's open API (decision 094). */
export const BRREG_PRODUCTION_URL = 'https://data.brreg.no/enhetsregisteret/api';
/** A lookup waits this long before the listing is saved 'not checked yet' and the job asks again. */
const brregTimeout = z.coerce.number().int().min(100).max(30_000).default(4000);
const brregUrl = z.url().transform((url) => url.replace(/\/$/, ''));

export const localEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The address the local server listens on; loopback unless you mean to expose it (e.g. 0.0.0.0). */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** The address people open; links in e-mails and the Origin check use it. Defaults to http://localhost:PORT. */
  APP_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^mysql:\/\//, 'må starte med mysql://')
    .default('mysql://root@127.0.0.1:3306/bedriftstorget'),
  /** planetscale: the app talks to a local stand-in for PlanetScale's HTTP API over the same database. */
  DATABASE_DRIVER: z.enum(DATABASE_DRIVERS).default('mysql2'),
  /** With DATABASE_DRIVER=planetscale: ms the stand-in adds to each call, as a database in another region would (decision 078). */
  PLANETSCALE_LATENCY_MS: z.coerce.number().int().min(0).max(1000).default(0),
  DATA_DIR: z.string().min(1).default('.data'),
  /** Where the built web app is written and served from; test runs use their own. */
  WEB_DIST: z.string().min(1).optional(),
  S3_PORT: z.coerce.number().int().min(1).max(65535).default(4569),
  /** The local SES endpoint (aws-ses-v2-local) with its web inbox, on 127.0.0.1. */
  SES_PORT: z.coerce.number().int().min(1).max(65535).default(8005),
  MAIL_RATE_PER_SECOND: mailRate,
  IMAGE_BUCKET: z.string().min(3).default('listing-images'),
  /** The private bucket of the data room's PDFs (decision 097): never served at /images. */
  DOCUMENT_BUCKET: z.string().min(3).default('listing-documents'),
  /** scrypt cost as a power of two; 17 in production (docs/architecture.md, 'Conventions'), lower only in tests. */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Vipps Login's issuer (decision 119); unset, `npm start` runs the local Vipps and uses it. */
  VIPPS_ISSUER: z.url().optional(),
  VIPPS_CLIENT_ID: z.string().min(1).optional(),
  VIPPS_CLIENT_SECRET: z.string().min(1).optional(),
  /** The local Vipps's port on 127.0.0.1 (0: any free one); the browser tests fix it. */
  VIPPS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** The HMAC key of the rate-limit rows that count by address (decision 134); the cloud's is the RateLimitKey secret. */
  RATE_LIMIT_KEY: z.string().min(16).default('bedriftstorget-lokal-nokkel-for-rate-limits'),
  /** Multiplies every rate limit; the browser tests sign up many users from one address. */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1000).default(1),
  /** How long a browse page waits for its count before it is sent without it (decision 056); tests wait longer. */
  COUNT_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(DEFAULT_COUNT_WAIT_MS),
  /** Seed a fresh database with sample data on start. */
  SEED: booleanString.default(true),
  /** Log every e-mail's text to the console as well as the outbox. */
  LOG_MAIL: booleanString.default(true),
  /**
   * robots.txt and X-Robots-Tag as production has them (decision 066): on by default so the local
   * app and its tests show what crawlers see in production; set false for a demo others can reach.
   */
  INDEXABLE: booleanString.default(true),
  /** The in-process cache in front of /trpc and the crawler pages, as CloudFront in the cloud (decision 081). */
  LOCAL_CACHE: booleanString.default(true),
  PRIVACY_CONTACT_EMAIL: privacyContact,
  /** Enhetsregisteret; unset locally, `npm start` runs its stand-in for the seeded companies (infra/local/brreg). */
  BRREG_URL: brregUrl.optional(),
  BRREG_TIMEOUT_MS: brregTimeout,
});

export interface Config {
  runtime: 'local' | 'aws';
  appUrl: string;
  /** Secure cookies everywhere except plain-http localhost. */
  secureCookies: boolean;
  databaseUrl: string;
  /** planetscale in the cloud; locally either (DATABASE_DRIVER). */
  databaseDriver: DatabaseDriver;
  scryptLogN: number;
  rateLimitMultiplier: number;
  /** Keys the rate-limit rows that count by address: HMAC-SHA256, never the address (decision 134). Empty: not linked (the SEO function). */
  rateLimitKey: string;
  /** ms a browse page waits for its count (DEFAULT_COUNT_WAIT_MS). */
  countWaitMs: number;
  /** The most mails per second this process sends (MAIL_RATE_PER_SECOND; decision 072). */
  mailRatePerSecond: number;
  google: { clientId: string; clientSecret: string } | null;
  /** Vipps Login (decision 119): its issuer and our client; null turns 'Logg inn med Vipps' and verification off. */
  vipps: VippsConfig | null;
  /** Realtime in the cloud; null locally (the in-process hub), while the secret is a placeholder, and when it is malformed. */
  ably: { key: string } | null;
  /** Search engines may index the site (production only, decision 066). */
  indexable: boolean;
  /** The address the Personvern page gives for privacy questions (PRIVACY_CONTACT_EMAIL, decision 089). */
  privacyContact: string;
  /** Enhetsregisteret (decision 094); url null: none configured (the local stand-in's is given at start). */
  registry: { url: string | null; timeoutMs: number };
  local: {
    port: number;
    host: string;
    dataDir: string;
    webDist: string | null;
    s3Port: number;
    sesPort: number;
    imageBucket: string;
    documentBucket: string;
    seed: boolean;
    logMail: boolean;
    /** Public answers kept in the local server's process (LOCAL_CACHE). */
    cache: boolean;
    /** ms the local PlanetScale stand-in adds to each call (0: none). */
    planetscaleLatencyMs: number;
    /** The local Vipps's port (VIPPS_PORT; 0: any free one). */
    vippsPort: number;
  } | null;
}

export interface VippsConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Vipps's issuers (its Login API documentation); stage-settings.ts picks one per stage. */
export const VIPPS_ISSUERS = {
  test: 'https://apitest.vipps.no/access-management-1.0/access/',
  production: 'https://api.vipps.no/access-management-1.0/access/',
} as const;

export class ConfigError extends Error {}

export function formatConfigIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`).join('\n');
}

export function loadLocalConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = localEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`Ugyldig konfigurasjon:\n${formatConfigIssues(parsed.error)}`);
  }
  const e = parsed.data;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('Ugyldig konfigurasjon:\n  GOOGLE_CLIENT_ID og GOOGLE_CLIENT_SECRET må settes sammen');
  }
  const vippsSet = [e.VIPPS_ISSUER, e.VIPPS_CLIENT_ID, e.VIPPS_CLIENT_SECRET].filter(Boolean).length;
  if (vippsSet !== 0 && vippsSet !== 3) {
    throw new ConfigError('Ugyldig konfigurasjon:\n  VIPPS_ISSUER, VIPPS_CLIENT_ID og VIPPS_CLIENT_SECRET må settes sammen');
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const host = new URL(appUrl).hostname;
  return {
    runtime: 'local',
    appUrl,
    secureCookies: !(appUrl.startsWith('http://') && (host === 'localhost' || host === '127.0.0.1')),
    databaseUrl: e.DATABASE_URL,
    databaseDriver: e.DATABASE_DRIVER,
    scryptLogN: e.SCRYPT_LOG_N,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    rateLimitKey: e.RATE_LIMIT_KEY,
    countWaitMs: e.COUNT_WAIT_MS,
    mailRatePerSecond: e.MAIL_RATE_PER_SECOND,
    google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET } : null,
    vipps: e.VIPPS_ISSUER && e.VIPPS_CLIENT_ID && e.VIPPS_CLIENT_SECRET ? { issuer: e.VIPPS_ISSUER, clientId: e.VIPPS_CLIENT_ID, clientSecret: e.VIPPS_CLIENT_SECRET } : null,
    ably: null,
    indexable: e.INDEXABLE,
    privacyContact: e.PRIVACY_CONTACT_EMAIL,
    registry: { url: e.BRREG_URL ?? null, timeoutMs: e.BRREG_TIMEOUT_MS },
    local: { port: e.PORT, host: e.HOST, dataDir: e.DATA_DIR, webDist: e.WEB_DIST ?? null, s3Port: e.S3_PORT, sesPort: e.SES_PORT, imageBucket: e.IMAGE_BUCKET, documentBucket: e.DOCUMENT_BUCKET, seed: e.SEED, logMail: e.LOG_MAIL, cache: e.LOCAL_CACHE, planetscaleLatencyMs: e.PLANETSCALE_LATENCY_MS, vippsPort: e.VIPPS_PORT },
  };
}

/** What the cloud runtime links (sst `Resource`) plus the plain environment the stacks set. */
export interface CloudResources {
  databaseUrl: string;
  imageBucket: string;
  /** The data room's private bucket (decision 097); optional only so older callers still compile. */
  documentBucket?: string;
  mailFrom: string;
  googleClientId: string;
  googleClientSecret: string;
  /** The AblyKey secret (`appId.keyId:secret`); optional only so older callers still compile. */
  ablyKey?: string;
  /** The VippsClientId and VippsClientSecret secrets (decision 119); placeholder or absent: Vipps off. */
  vippsClientId?: string;
  vippsClientSecret?: string;
  /** The RateLimitKey secret (decision 134); absent where the function is not linked to it. */
  rateLimitKey?: string;
}

const cloudEnvSchema = z.object({
  APP_URL: z.url(),
  SCRYPT_LOG_N: z.coerce.number().int().min(14).max(20).default(17),
  /** Set by the stacks from stage-settings.ts; a stage that does not say is not indexed. */
  INDEXABLE: booleanString.default(false),
  MAIL_RATE_PER_SECOND: mailRate,
  PRIVACY_CONTACT_EMAIL: privacyContact,
  BRREG_URL: brregUrl.default(BRREG_PRODUCTION_URL),
  BRREG_TIMEOUT_MS: brregTimeout,
  /** From stage-settings.ts (`vippsIssuer`): Vipps's test or production issuer. */
  VIPPS_ISSUER: z.url().optional(),
});

/** Secrets left at their placeholder turn a feature off rather than half on. */
export const PLACEHOLDER = 'placeholder';

/**
 * A malformed AblyKey turns realtime off with one logged error per instance rather than failing
 * every API call: realtime is a convenience (pages refresh on their own), the API is not.
 */
function cloudAbly(key: string | undefined): Config['ably'] {
  if (!key || key === PLACEHOLDER) return null;
  const problem = ablyKeyProblem(key);
  if (!problem) return { key };
  console.error(`AblyKey is not an Ably API key (${problem}); realtime is off until the secret is set right`);
  return null;
}

function cloudVipps(issuer: string | undefined, resources: CloudResources): Config['vipps'] {
  const { vippsClientId: clientId, vippsClientSecret: clientSecret } = resources;
  if (!issuer || !clientId || !clientSecret || clientId === PLACEHOLDER || clientSecret === PLACEHOLDER) return null;
  return { issuer, clientId, clientSecret };
}

export function loadCloudConfig(resources: CloudResources, env: Record<string, string | undefined> = process.env): Config {
  const parsed = cloudEnvSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(`Ugyldig konfigurasjon:\n${formatConfigIssues(parsed.error)}`);
  const google =
    resources.googleClientId !== PLACEHOLDER && resources.googleClientSecret !== PLACEHOLDER
      ? { clientId: resources.googleClientId, clientSecret: resources.googleClientSecret }
      : null;
  return {
    runtime: 'aws',
    appUrl: parsed.data.APP_URL.replace(/\/$/, ''),
    secureCookies: true,
    databaseUrl: resources.databaseUrl,
    databaseDriver: 'planetscale',
    scryptLogN: parsed.data.SCRYPT_LOG_N,
    rateLimitMultiplier: 1,
    rateLimitKey: resources.rateLimitKey ?? '',
    countWaitMs: DEFAULT_COUNT_WAIT_MS,
    mailRatePerSecond: parsed.data.MAIL_RATE_PER_SECOND,
    google,
    vipps: cloudVipps(parsed.data.VIPPS_ISSUER, resources),
    ably: cloudAbly(resources.ablyKey),
    indexable: parsed.data.INDEXABLE,
    privacyContact: parsed.data.PRIVACY_CONTACT_EMAIL,
    registry: { url: parsed.data.BRREG_URL, timeoutMs: parsed.data.BRREG_TIMEOUT_MS },
    local: null,
  };
}
