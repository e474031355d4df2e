import { FUNCTION_HANDLERS, sstNodejs, FUNCTION_RUNTIME } from './function-build';
import { mail, mailPermissions } from './mail';
import { originSecret, router } from './router';
import { secrets } from './secrets';
import { stageSettings } from './stage-settings';
import { documentBucket, documentPermissions } from './documents';
import { imageBucket, imagePermissions } from './storage';
import { functionTimeout, routeReadTimeout } from './timeouts';

/**
 * The tRPC Lambda: the same router and adapters as the local server (packages/api/src/entry/lambda.ts).
 * Its Function URL is public, but the handler answers 403 to anything without the origin secret
 * the router adds (stacks/router.ts, decision 006); CORS is off on it, since browsers only ever
 * reach it through the Router on the site's own origin. Permissions: decision 068.
 */
export const api = new sst.aws.Function('Api', {
  handler: FUNCTION_HANDLERS.api,
  runtime: FUNCTION_RUNTIME,
  nodejs: sstNodejs('api'),
  timeout: functionTimeout('api'),
  memory: '1024 MB',
  url: { cors: false },
  link: [secrets.databaseUrl, secrets.googleClientId, secrets.googleClientSecret, secrets.ablyKey, secrets.vippsClientId, secrets.vippsClientSecret, secrets.rateLimitKey, imageBucket, documentBucket, mail, originSecret],
  permissions: $resolve([imagePermissions, documentPermissions, mailPermissions]).apply(([images, documents, sending]) => [...images, ...documents, ...sending]),
  environment: {
    APP_URL: router.url,
    INDEXABLE: String(stageSettings($app.stage).indexable),
    MAIL_RATE_PER_SECOND: String(stageSettings($app.stage).mail.ratePerSecond),
    PRIVACY_CONTACT_EMAIL: stageSettings($app.stage).privacyContact,
    VIPPS_ISSUER: stageSettings($app.stage).vippsIssuer,
  },
});

router.route('/trpc', api.url, { readTimeout: routeReadTimeout('api') });
