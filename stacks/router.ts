import { cloudFrontResponseInjection } from '../packages/api/src/http/security-headers';
import { routerCachePolicy } from './edge-cache';
import { noindexResponseInjection, viewerRequestInjection } from './router-code';
import { stageSettings } from './stage-settings';
import { documents } from './documents';
import { images, resolveRouterDistributionArn } from './storage';

const settings = stageSettings($app.stage);

/**
 * The random secret CloudFront adds to every request for a function (/trpc, and the SEO paths of
 * stacks/seo.ts; decisions 006, 049). Generated at the
 * first deploy and kept in the state; linked to the API function, which refuses any request
 * without it, so the public Function URL is useless to a caller who goes around CloudFront.
 */
const originSecretValue = new random.RandomPassword('OriginSecretValue', { length: 48, special: false });
export const originSecret = new sst.Linkable('OriginSecret', { properties: { value: originSecretValue.result } });

/**
 * One origin for everything: the routes are added by api.ts, seo.ts and web.ts. The
 * viewer-request code (router-code.ts) runs before routing: it answers 404 for anything under
 * /images/ but listing images, and sets the origin secret on the function paths (the viewer's own
 * value of the header is replaced); the viewer-response code sets the security headers from the same
 * module the local server uses, with the bucket's origin allowed for presigned-POST uploads, and
 * X-Robots-Tag: noindex on every stage but production.
 *
 * Production has its own domain from the first deploy (decision 066): every mailed link, cookie and
 * canonical URL uses it, and SST's edge code then answers 403 on the cloudfront.net host (so that host
 * must never have been handed out). DNS is not in Route 53: `dns: false` with the us-east-1
 * certificate from stage-settings.ts, and the record pointing at the distribution is added by hand
 * (README, Deploy: First deploy).
 *
 * Its cache policy (edge-cache.ts, decision 080) lets the origin's Cache-Control decide: public reads
 * are kept for their s-maxage, keyed by URL, never by cookie; everything else is never kept.
 */
export const router = new sst.aws.Router('Router', {
  ...(settings.domain ? { domain: { name: settings.domain.name, cert: settings.domain.certificateArn, dns: false as const } } : {}),
  transform: {
    cachePolicy: routerCachePolicy(),
  },
  edge: {
    viewerRequest: {
      injection: originSecretValue.result.apply(viewerRequestInjection),
    },
    viewerResponse: {
      // Both buckets take presigned POSTs from the page: images, and the data room's documents (decision 097).
      injection: $resolve([images.nodes.bucket.bucketRegionalDomainName, documents.nodes.bucket.bucketRegionalDomainName]).apply(([imageDomain, documentDomain]) =>
        [cloudFrontResponseInjection([`https://${imageDomain}`, `https://${documentDomain}`]), ...(settings.indexable ? [] : [noindexResponseInjection()])].join('\n')),
    },
  },
});

resolveRouterDistributionArn(router.nodes.cdn.apply((cdn) => cdn.nodes.distribution.arn));

// Only checked listing images are served; the viewer-request code refuses the rest (router-code.ts).
router.routeBucket('/images', images, { rewrite: { regex: '^/images/(.*)$', to: '/$1' } });
