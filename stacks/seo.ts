import { SEO_PATHS } from '../packages/api/src/http/origin-secret';
import { FUNCTION_HANDLERS, FUNCTION_NODEJS, FUNCTION_RUNTIME } from './function-build';
import { originSecret, router } from './router';
import { secrets } from './secrets';

/**
 * What crawlers and link previews read (issue 14, decision 049): /bedrift/* answered with the
 * listing's own head injected into the deployed index.html, /sitemap.xml with /sitemaps/N.xml,
 * and /robots.txt — the handler the local server uses (packages/api/src/seo/handler.ts). Only the
 * database is linked; the origin secret keeps callers who go around CloudFront out, as for the API.
 */
export const seo = new sst.aws.Function('Seo', {
  handler: FUNCTION_HANDLERS.seo,
  runtime: FUNCTION_RUNTIME,
  nodejs: { ...FUNCTION_NODEJS, install: [] },
  timeout: '20 seconds',
  memory: '512 MB',
  url: true,
  link: [secrets.databaseUrl, originSecret],
  environment: { APP_URL: router.url },
});

// Each route takes its path and everything below it (the Router's prefix match).
for (const path of SEO_PATHS) router.route(path, seo.url);
