import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { Resource } from 'sst';
import { bodyTooLarge, MAX_BODY_BYTES } from '../http/guard';
import { handleTrpc } from '../http/handler';
import { cameThroughCloudFront, eventBodyBytes, lambdaEventToRequest, NOT_FROM_CLOUDFRONT, responseToLambdaResult, viewerIp } from '../http/lambda';
import { cloudServices } from './cloud';

/**
 * The API Lambda behind the CloudFront router at /trpc: the same handler as the local server.
 * The origin secret is checked first, so a caller who goes around CloudFront reaches nothing,
 * and only then is CloudFront-Viewer-Address trusted as the viewer's IP (per-IP limits).
 */
export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  if (!cameThroughCloudFront(event, Resource.OriginSecret.value)) return NOT_FROM_CLOUDFRONT;
  // The same 1 MB cap as locally, decided before the body is decoded (Content-Length can be left out).
  if (eventBodyBytes(event) > MAX_BODY_BYTES) return responseToLambdaResult(bodyTooLarge());
  const services = cloudServices();
  const request = lambdaEventToRequest(event, services.config.appUrl);
  return responseToLambdaResult(await handleTrpc(services, request, viewerIp(event)));
}
