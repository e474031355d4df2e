import { FUNCTION_HANDLERS, sstNodejs, FUNCTION_RUNTIME } from './function-build';
import { mail, mailPermissions } from './mail';
import { router } from './router';
import { secrets } from './secrets';
import { stageSettings } from './stage-settings';
import { documentBucket, documentPermissions } from './documents';
import { imageBucket, imagePermissions } from './storage';
import { functionTimeout } from './timeouts';

/**
 * The scheduled job (packages/api/src/entry/scheduled.ts), every 15 minutes. Reserved concurrency
 * 1: it can never take more than one of the account's concurrent executions from the API and the
 * SEO function, and two runs never overlap (a second invocation waits in Lambda's queue). Reserving
 * needs an account concurrency quota above 10 (README, Deploy: Region and account limits; decision 068).
 */
export const reviewQueue = new sst.aws.Cron('ReviewQueue', {
  schedule: 'rate(15 minutes)',
  function: {
    handler: FUNCTION_HANDLERS.cron,
    runtime: FUNCTION_RUNTIME,
    nodejs: sstNodejs('cron'),
    timeout: functionTimeout('cron'),
    concurrency: { reserved: 1 },
    link: [secrets.databaseUrl, secrets.googleClientId, secrets.googleClientSecret, secrets.ablyKey, secrets.vippsClientId, secrets.vippsClientSecret, secrets.rateLimitKey, imageBucket, documentBucket, mail],
    permissions: $resolve([imagePermissions, documentPermissions, mailPermissions]).apply(([images, documents, sending]) => [...images, ...documents, ...sending]),
    environment: { APP_URL: router.url, INDEXABLE: String(stageSettings($app.stage).indexable), MAIL_RATE_PER_SECOND: String(stageSettings($app.stage).mail.ratePerSecond) },
  },
});
