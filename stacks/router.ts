import { cloudFrontResponseInjection } from '../packages/api/src/http/security-headers';
import { viewerRequestInjection } from './router-code';
import { images } from './storage';

/**
 * The random secret CloudFront adds to every request for a function (/trpc, and the SEO paths of
 * stacks/seo.ts; decisions 006, 049). Generated at the
 * first deploy and kept in the state; linked to the API function, which refuses any request
 * without it, so the public Function URL is useless to a caller who goes around CloudFront.
 */
const originSecretValue = new random.RandomPassword('OriginSecretValue', { length: 48, special: false });
export const originSecret = new sst.Linkable('OriginSecret', { properties: { value: originSecretValue.result } });

/**
 * One origin for everything: the routes are added by api.ts, storage and web.ts. The
 * viewer-request code (router-code.ts) runs before routing: it answers 404 for anything under
 * /images/ but listing images, and sets the origin secret on /trpc (the viewer's own value of the
 * header is replaced);
 * the viewer-response code sets the security headers from the same module the local server
 * uses, with the bucket's origin allowed for presigned-POST uploads.
 */
export const router = new sst.aws.Router('Router', {
  edge: {
    viewerRequest: {
      injection: originSecretValue.result.apply(viewerRequestInjection),
    },
    viewerResponse: {
      injection: images.nodes.bucket.bucketRegionalDomainName.apply((domain) => cloudFrontResponseInjection(`https://${domain}`)),
    },
  },
});
