import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { Resource } from 'sst';
import { bodyTooLarge, MAX_BODY_BYTES } from '../http/guard';
import { answerTrpc, TRPC_ENDPOINT } from '../http/handler';
import { cameThroughCloudFront, eventBodyBytes, lambdaResultOf, lambdaTrpcCall, NOT_FROM_CLOUDFRONT, responseToLambdaResult, viewerIp } from '../http/lambda';
import { logRefusal, proceduresOf, rawSink, setRequestLogSink } from '../observability/request-log';
import { cloudServices } from './cloud';

/**
 * The API Lambda behind the CloudFront router at /trpc: the same handler as the local server.
 * The origin secret is checked first, so a caller who goes around CloudFront reaches nothing,
 * and only then is CloudFront-Viewer-Address trusted as the viewer's IP (per-IP limits).
 * Every request logs one line under the invocation's own request id (docs/decisions/073).
 */
// Each log line one log event of pure JSON, so the metric filters can read it (decision 111).
setRequestLogSink(rawSink);

export async function handler(event: APIGatewayProxyEventV2, context?: Pick<Context, 'awsRequestId'>): Promise<APIGatewayProxyStructuredResultV2> {
  const requestId = context?.awsRequestId ?? event.requestContext.requestId;
  const facts = { requestId, route: 'trpc' as const, method: event.requestContext.http.method, procedures: proceduresOf(event.rawPath, TRPC_ENDPOINT) };
  if (!cameThroughCloudFront(event, Resource.OriginSecret.value)) {
    await logRefusal(facts, NOT_FROM_CLOUDFRONT.statusCode!);
    return NOT_FROM_CLOUDFRONT;
  }
  // The same 1 MB cap as locally, decided before the body is decoded (Content-Length can be left out).
  if (eventBodyBytes(event) > MAX_BODY_BYTES) return responseToLambdaResult(await logRefusal(facts, bodyTooLarge()));
  const services = cloudServices();
  return lambdaResultOf(await answerTrpc(services, lambdaTrpcCall(event, services.config.appUrl), viewerIp(event), requestId));
}
