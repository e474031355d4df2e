import type { Config } from '../config';
import type { Services } from '../context';
import { createOutboxMailer, createSesMailer } from '../adapters/mailer';
import { createImageStorage, createLocalS3Client } from '../adapters/storage';
import { createGoogleOAuth } from '../auth/google';
import { createLucia } from '../auth/lucia';
import type { Database } from '../db/client';
import { createAblyRealtime } from '../realtime/ably';
import { LocalHub } from '../realtime/local-hub';
import { noopRealtime } from '../realtime/publisher';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';

export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';
/** The local server forwards this path to s3rver, so uploads stay on the app's origin. */
export const S3_PROXY_PREFIX = '/s3/';

function google(config: Config) {
  return config.google ? createGoogleOAuth(config.google.clientId, config.google.clientSecret, `${config.appUrl}${GOOGLE_CALLBACK_PATH}`) : null;
}

/** Local adapters: outbox mailer, s3rver storage, the in-process realtime hub. */
export function createLocalServices(config: Config, db: Database): Services {
  if (!config.local) throw new Error('createLocalServices needs a local configuration');
  return {
    config,
    db,
    auth: createLucia(db, config.secureCookies),
    mailer: createOutboxMailer(join(config.local.dataDir, 'outbox'), config.local.logMail),
    storage: createImageStorage(createLocalS3Client(config.local.s3Port), config.local.imageBucket, {
      uploadUrl: `${config.appUrl}${S3_PROXY_PREFIX}${config.local.imageBucket}`,
    }),
    google: google(config),
    realtime: new LocalHub(),
  };
}

/** Cloud adapters: SES mailer, S3 storage, Ably (off while its secret is a placeholder). */
export function createCloudServices(config: Config, db: Database, cloud: { bucket: string; mailFrom: string }): Services {
  return {
    config,
    db,
    auth: createLucia(db, config.secureCookies),
    mailer: createSesMailer(cloud.mailFrom),
    storage: createImageStorage(new S3Client({}), cloud.bucket),
    google: google(config),
    realtime: config.ably ? createAblyRealtime(config.ably.key) : noopRealtime,
  };
}
