import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Services } from '../context';

/**
 * A 500 on purpose, for `ops smoke` (decision 112): after a deploy it proves that a 5xx reaches the
 * log as the `api-5xx` metric filter counts it. Only a caller holding the stage's database URL (the
 * operator under `sst shell`, or locally the same DATABASE_URL) can make the token, so nobody else can
 * raise the alarm; it reads and changes nothing. Without the token the path is not there (404).
 */
export const SMOKE_FAULT_PATH = '/trpc/drift-feil';
export const OPS_TOKEN_HEADER = 'x-bt-ops-token';

export function smokeFaultToken(databaseUrl: string): string {
  return createHmac('sha256', databaseUrl).update('bedriftstorget ops smoke: forced 500').digest('hex');
}

export function handleSmokeFault(services: Pick<Services, 'config'>, req: Request): Response {
  const given = Buffer.from(req.headers.get(OPS_TOKEN_HEADER) ?? '');
  const wanted = Buffer.from(smokeFaultToken(services.config.databaseUrl));
  const allowed = req.method === 'POST' && given.length === wanted.length && timingSafeEqual(given, wanted);
  const headers = { 'cache-control': 'no-store', 'content-type': 'text/plain' };
  return allowed ? new Response('forced 500 (ops smoke)', { status: 500, headers }) : new Response('not found', { status: 404, headers });
}
