import { SEO_PATHS } from '../packages/api/src/http/origin-secret';
import { FUNCTION_HANDLERS, sstNodejs, FUNCTION_RUNTIME } from './function-build';
import { originSecret, router } from './router';
import { secrets } from './secrets';
import { stageSettings } from './stage-settings';
import { functionTimeout, routeReadTimeout } from './timeouts';

/**
 * What crawlers and link previews read (decision 049): /bedrift/* answered with the
 * listing's own head injected into the deployed index.html, /sitemap.xml with /sitemaps/N.xml,
 * and /robots.txt — the handler the local server uses (packages/api/src/seo/handler.ts). Only the
 * database is linked; the origin secret keeps callers who go around CloudFront out, as for the API.
 * robots.txt disallows all on a stage that is not indexed (INDEXABLE, decision 066).
 */
export const seo = new sst.aws.Function('Seo', {
  handler: FUNCTION_HANDLERS.seo,
  runtime: FUNCTION_RUNTIME,
  nodejs: sstNodejs('seo'),
  timeout: functionTimeout('seo'),
  memory: '512 MB',
  url: { cors: false },
  link: [secrets.databaseUrl, originSecret],
  environment: { APP_URL: router.url, INDEXABLE: String(stageSettings($app.stage).indexable) },
});

// Each route takes its path and everything below it (the Router's prefix match).
for (const path of SEO_PATHS) router.route(path, seo.url, { readTimeout: routeReadTimeout('seo') });
