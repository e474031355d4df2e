import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { handleTrpc } from '../http/handler';
import { lambdaEventToRequest, responseToLambdaResult, viewerIp } from '../http/lambda';
import { cloudServices } from './cloud';

/** The API Lambda behind the CloudFront router at /trpc: the same handler as the local server. */
export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const services = cloudServices();
  const request = lambdaEventToRequest(event, services.config.appUrl);
  return responseToLambdaResult(await handleTrpc(services, request, viewerIp(event)));
}
