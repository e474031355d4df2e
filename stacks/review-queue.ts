import { FUNCTION_HANDLERS, FUNCTION_NODEJS, FUNCTION_RUNTIME } from './function-build';
import { mail } from './mail';
import { router } from './router';
import { secrets } from './secrets';
import { images } from './storage';

/** The scheduled job (packages/api/src/entry/scheduled.ts), every 15 minutes. */
export const reviewQueue = new sst.aws.Cron('ReviewQueue', {
  schedule: 'rate(15 minutes)',
  function: {
    handler: FUNCTION_HANDLERS.cron,
    runtime: FUNCTION_RUNTIME,
    nodejs: FUNCTION_NODEJS,
    timeout: '2 minutes',
    link: [secrets.databaseUrl, secrets.googleClientId, secrets.googleClientSecret, secrets.ablyKey, images, mail],
    environment: { APP_URL: router.url },
  },
});
