import { FUNCTION_HANDLERS, FUNCTION_NODEJS, FUNCTION_RUNTIME } from './function-build';
import { mail } from './mail';
import { originSecret, router } from './router';
import { secrets } from './secrets';
import { images } from './storage';

/**
 * The tRPC Lambda: the same router and adapters as the local server (packages/api/src/entry/lambda.ts).
 * Its Function URL is public, but the handler answers 403 to anything without the origin secret
 * the router adds (stacks/router.ts, decision 006).
 */
export const api = new sst.aws.Function('Api', {
  handler: FUNCTION_HANDLERS.api,
  runtime: FUNCTION_RUNTIME,
  nodejs: FUNCTION_NODEJS,
  timeout: '30 seconds',
  memory: '1024 MB',
  url: true,
  link: [secrets.databaseUrl, secrets.googleClientId, secrets.googleClientSecret, secrets.ablyKey, images, mail, originSecret],
  environment: { APP_URL: router.url },
});

router.route('/trpc', api.url);
router.routeBucket('/images', images, { rewrite: { regex: '^/images/(.*)$', to: '/$1' } });
