import type { Config } from '../config';
import type { Services } from '../context';
import { createBrregRegistry } from '../adapters/company-registry';
import { createOutboxMailer, createSesMailer, withFileCopy, type SesSender } from '../adapters/mailer';
import { createImageStorage, localS3Config } from '../adapters/storage';
import { createGoogleOAuth } from '../auth/google';
import { createVippsLogin, VIPPS_CALLBACK_PATH } from '../auth/vipps';
import { createLucia } from '../auth/lucia';
import type { Database } from '../db/client';
import { createAblyRealtime } from '../realtime/ably';
import { LocalHub } from '../realtime/local-hub';
import { noopRealtime } from '../realtime/publisher';
import { join } from 'node:path';

export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';
/** The local server forwards this path to s3rver, so uploads stay on the app's origin. */
export const S3_PROXY_PREFIX = '/s3/';

function google(config: Config) {
  return config.google ? createGoogleOAuth(config.google.clientId, config.google.clientSecret, `${config.appUrl}${GOOGLE_CALLBACK_PATH}`) : null;
}

/** Vipps Login when configured; plain http only to an issuer on this machine (the local Vipps). */
export function vipps(config: Config) {
  if (!config.vipps) return null;
  const host = new URL(config.vipps.issuer).hostname;
  return createVippsLogin({ ...config.vipps, redirectUri: `${config.appUrl}${VIPPS_CALLBACK_PATH}`, allowHttp: host === '127.0.0.1' || host === 'localhost' });
}

/** The sender the local SES endpoint shows in its inbox; it checks no identity. */
export const LOCAL_MAIL_SENDER = 'noreply@bedriftstorget.no';

/**
 * Mail on a laptop: the same SESv2 client as the cloud, pointed at the local SES endpoint
 * (aws-ses-v2-local, started by `npm start`, with its web inbox), and a JSON copy of each
 * accepted mail in DATA_DIR/outbox for scripts and the browser tests.
 */
export function createLocalMailer(local: NonNullable<Config['local']>) {
  const ses = createSesMailer({ from: LOCAL_MAIL_SENDER }, undefined, {
    endpoint: `http://127.0.0.1:${local.sesPort}`,
    region: 'eu-central-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return withFileCopy(ses, createOutboxMailer(join(local.dataDir, 'outbox'), local.logMail));
}

/** Local adapters: SES at the local endpoint (plus the outbox folder), s3rver storage, the in-process realtime hub. */
export function createLocalServices(config: Config, db: Database): Services {
  if (!config.local) throw new Error('createLocalServices needs a local configuration');
  return {
    config,
    db,
    auth: createLucia(db, config.secureCookies),
    mailer: createLocalMailer(config.local),
    storage: createImageStorage(localS3Config(config.local.s3Port), config.local.imageBucket, {
      uploadUrl: `${config.appUrl}${S3_PROXY_PREFIX}${config.local.imageBucket}`,
    }),
    documents: createImageStorage(localS3Config(config.local.s3Port), config.local.documentBucket, {
      uploadUrl: `${config.appUrl}${S3_PROXY_PREFIX}${config.local.documentBucket}`,
      downloadBase: `${config.appUrl}${S3_PROXY_PREFIX.slice(0, -1)}`,
    }),
    google: google(config),
    vipps: vipps(config),
    realtime: new LocalHub(),
    registry: createBrregRegistry(config.registry),
  };
}

/** Cloud adapters: SES mailer, S3 storage, Ably (off while its secret is a placeholder). */
/** What the cloud adapters need besides the configuration (linked resources, see entry/cloud.ts). */
export interface CloudAdapterSettings {
  bucket: string;
  documentBucket: string;
  mail: SesSender;
}

export function createCloudServices(config: Config, db: Database, cloud: CloudAdapterSettings): Services {
  return {
    config,
    db,
    auth: createLucia(db, config.secureCookies),
    mailer: createSesMailer(cloud.mail),
    storage: createImageStorage({}, cloud.bucket),
    documents: createImageStorage({}, cloud.documentBucket),
    google: google(config),
    vipps: vipps(config),
    realtime: config.ably ? createAblyRealtime(config.ably.key) : noopRealtime,
    registry: createBrregRegistry(config.registry),
  };
}
