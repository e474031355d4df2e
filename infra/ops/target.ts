/**
 * Which adapters an ops command gets. Against the local database: the local ones (outbox,
 * s3rver). Against any other database (PlanetScale): the cloud ones, built from the resources
 * `npx sst shell --stage X` links into the environment (SST_RESOURCE_*), or a refusal — never
 * local adapters with cloud data (mail to a local outbox, claimed alerts nobody gets).
 */
export const OPS_COMMANDS = ['migrate', 'backfill', 'seed', 'grant-admin', 'revoke-admin', 'housekeeping', 'recount-views', 'review-queue', 'preflight', 'smoke'] as const;
export type OpsCommand = (typeof OPS_COMMANDS)[number];

/** Commands that send mail, touch the bucket or publish: they need adapters, not just the database. */
const NEEDS_ADAPTERS: readonly OpsCommand[] = ['seed', 'review-queue', 'preflight'];

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export function isLocalDatabaseUrl(url: string): boolean {
  return LOCAL_HOSTS.has(new URL(url).hostname);
}

type Env = Record<string, string | undefined>;

function linked(env: Env, name: string): Record<string, unknown> | null {
  const raw = env[`SST_RESOURCE_${name}`];
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** DATABASE_URL when set; under `sst shell`, the stage's linked DatabaseUrl secret otherwise. */
export function opsDatabaseUrl(env: Env): string | undefined {
  return env.DATABASE_URL ?? text(linked(env, 'DatabaseUrl')?.value);
}

/** What `sst shell` links (stacks/): enough to build SES, S3 and Ably adapters, or null. */
export interface LinkedCloud {
  appUrl: string;
  bucket: string;
  /** The data room's bucket (decision 097); empty where a stage was deployed before it existed. */
  documentBucket: string;
  mailSender: string;
  mailConfigSet?: string;
  ablyKey?: string;
  /** The RateLimitKey secret (decision 134): an account deleted from ops scrubs its rate-limit rows with it. */
  rateLimitKey?: string;
  googleClientId: string;
  googleClientSecret: string;
}

export function linkedCloudResources(env: Env): LinkedCloud | null {
  const appUrl = env.APP_URL ?? text(linked(env, 'Router')?.url);
  const bucket = text(linked(env, 'ImageBucket')?.name);
  const mail = linked(env, 'Mail');
  const mailSender = text(mail?.sender);
  if (!appUrl || !bucket || !mailSender) return null;
  return {
    appUrl,
    bucket,
    documentBucket: text(linked(env, 'DocumentBucket')?.name) ?? '',
    mailSender,
    mailConfigSet: text(mail?.configSet),
    ablyKey: text(linked(env, 'AblyKey')?.value),
    rateLimitKey: text(linked(env, 'RateLimitKey')?.value),
    googleClientId: text(linked(env, 'GoogleClientId')?.value) ?? 'placeholder',
    googleClientSecret: text(linked(env, 'GoogleClientSecret')?.value) ?? 'placeholder',
  };
}

export type AdapterChoice =
  | { kind: 'database-only' }
  | { kind: 'local' }
  | { kind: 'cloud'; cloud: LinkedCloud }
  | { kind: 'refuse'; message: string };

export function chooseAdapters(command: OpsCommand, databaseUrl: string, env: Env): AdapterChoice {
  if (!NEEDS_ADAPTERS.includes(command)) return { kind: 'database-only' };
  if (isLocalDatabaseUrl(databaseUrl)) return { kind: 'local' };
  if (command === 'seed') return { kind: 'refuse', message: 'seed fyller bare en lokal database; DATABASE_URL peker et annet sted.' };
  const cloud = linkedCloudResources(env);
  if (cloud) return { kind: 'cloud', cloud };
  return {
    kind: 'refuse',
    message: [
      `${command} mot en database som ikke er lokal trenger skyens adaptere (SES, S3, Ably), og SST-ressursene mangler.`,
      `Kjør den gjennom sst shell, for eksempel: npx sst shell --stage production -- npm run ops -- ${command}`,
    ].join('\n'),
  };
}
