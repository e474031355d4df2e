import { router } from './router';
import { WEB_ASSETS } from './web-config';

/** The built React app, served by CloudFront at every path the API and images do not take. */
export const web = new sst.aws.StaticSite('Web', {
  path: 'packages/web',
  build: { command: 'npm run build', output: 'dist' },
  // Earlier builds' assets stay for tabs still running them (web-config.ts, decision 074).
  assets: WEB_ASSETS,
  router: { instance: router },
});
