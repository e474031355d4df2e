import { router } from './router';

/** The built React app, served by CloudFront at every path the API and images do not take. */
export const web = new sst.aws.StaticSite('Web', {
  path: 'packages/web',
  build: { command: 'npm run build', output: 'dist' },
  router: { instance: router },
});
