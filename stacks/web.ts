import { router } from './router';
import { DEPLOY_SETTINGS } from './stage-settings';
import { WEB_ASSETS } from './web-config';

/** The built React app, served by CloudFront at every path the API and images do not take. */
export const web = new sst.aws.StaticSite('Web', {
  path: 'packages/web',
  build: { command: 'npm run build', output: 'dist' },
  // Earlier builds' assets stay for tabs still running them (web-config.ts, decision 074).
  assets: WEB_ASSETS,
  router: { instance: router },
  // Read at build time ('Om oss': org.nr and address, packages/core/src/site/company.ts).
  environment: { VITE_COMPANY_ORG_NR: DEPLOY_SETTINGS.company.orgNr, VITE_COMPANY_ADDRESS: DEPLOY_SETTINGS.company.address },
});
