import { mail } from './mail';
import { router } from './router';
import { secrets } from './secrets';
import { images } from './storage';

/** The tRPC Lambda: the same router and adapters as the local server (packages/api/src/entry/lambda.ts). */
export const api = new sst.aws.Function('Api', {
  handler: 'packages/api/src/entry/lambda.handler',
  runtime: 'nodejs22.x',
  timeout: '30 seconds',
  memory: '1024 MB',
  url: true,
  link: [secrets.databaseUrl, secrets.googleClientId, secrets.googleClientSecret, secrets.ablyKey, images, mail],
  environment: { APP_URL: router.url },
});

router.route('/trpc', api.url);
router.routeBucket('/images', images, { rewrite: { regex: '^/images/(.*)$', to: '/$1' } });
