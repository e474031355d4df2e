import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { FunctionBundle } from '../../infra/lambda/build';
import { DEPLOY_SETTINGS } from '../../stacks/stage-settings';

/**
 * A built function bundle loaded by a plain Node process, as the Lambda runtime loads it, and
 * invoked one event at a time (a warm instance: module state such as the services stays between
 * invocations), each with a context whose awsRequestId is `lambda-request-<n>`. Used by tests/unit/lambda-bundle.test.ts and tests/api/lambda-cloud.test.ts.
 */
export const APP_URL = 'https://bedriftstorget.test';
export const ORIGIN_SECRET = 'origin-secret-for-tests-0123456789';

export interface ResourceOptions {
  /** http://user:pass@host:port/db of PlanetScale's HTTP API (the local stand-in in tests). */
  databaseUrl?: string;
  /** Where every AWS SDK client sends its requests (a local fake); by default a port nothing listens on. */
  awsEndpoint?: string;
  scryptLogN?: number;
  /** What the stacks set from stage-settings.ts; unset, as on a stage that does not say (not indexed). */
  indexable?: boolean;
  /** The AblyKey secret; the placeholder (Ably off) unless a test sets another. */
  ablyKey?: string;
}

/** The environment SST gives the functions: each linked resource as SST_RESOURCE_<name> JSON. */
export function lambdaEnvironment(options: ResourceOptions = {}): Record<string, string> {
  const link = (value: unknown) => JSON.stringify(value);
  return {
    APP_URL,
    ...(options.scryptLogN ? { SCRYPT_LOG_N: String(options.scryptLogN) } : {}),
    ...(options.indexable !== undefined ? { INDEXABLE: String(options.indexable) } : {}),
    SST_RESOURCE_App: link({ name: 'bedriftstorget', stage: 'test' }),
    // By default nothing listens on port 9: a step that reaches the database fails, visibly.
    SST_RESOURCE_DatabaseUrl: link({ type: 'sst.sst.Secret', value: options.databaseUrl ?? 'http://user:pass@127.0.0.1:9/bedriftstorget' }),
    SST_RESOURCE_GoogleClientId: link({ type: 'sst.sst.Secret', value: 'placeholder' }),
    SST_RESOURCE_VippsClientId: link({ type: 'sst.sst.Secret', value: 'placeholder' }),
    SST_RESOURCE_VippsClientSecret: link({ type: 'sst.sst.Secret', value: 'placeholder' }),
    SST_RESOURCE_GoogleClientSecret: link({ type: 'sst.sst.Secret', value: 'placeholder' }),
    SST_RESOURCE_RateLimitKey: link({ type: 'sst.sst.Secret', value: 'lambda-testenes-nokkel-for-rate-limits' }),
    // A placeholder turns Ably off (config.ts): realtime publishes go nowhere, not to Ably.
    SST_RESOURCE_AblyKey: link({ type: 'sst.sst.Secret', value: options.ablyKey ?? 'placeholder' }),
    SST_RESOURCE_ImageBucket: link({ type: 'sst.sst.Linkable', name: 'images-bucket' }),
    SST_RESOURCE_DocumentBucket: link({ type: 'sst.sst.Linkable', name: 'documents-bucket' }),
    SST_RESOURCE_Mail: link({ type: 'sst.sst.Linkable', sender: 'noreply@bedriftstorget.no', configSet: 'mail-config' }),
    SST_RESOURCE_OriginSecret: link({ type: 'sst.sst.Linkable', value: ORIGIN_SECRET }),
    // As Lambda sets it: the region of the deploy (stage-settings.ts).
    AWS_REGION: DEPLOY_SETTINGS.region,
    // No AWS here: fixed credentials and a local endpoint for every client (SES, S3), instead of
    // the SDK searching for credentials (instance metadata) for a minute.
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_ENDPOINT_URL: options.awsEndpoint ?? 'http://127.0.0.1:9',
  };
}

export interface LambdaResult {
  statusCode: number;
  headers?: Record<string, string>;
  cookies?: string[];
  body?: string;
}

export type Outcome = { result?: LambdaResult | null; error?: string };

export interface RunningBundle {
  invoke(event: unknown): Promise<Outcome>;
  /** What the handler logged (stdout and stderr), for failure messages. */
  output(): string;
  /** The same, as CloudWatch's log events: one per line. */
  logEvents(): string[];
  close(): Promise<void>;
}

/**
 * The child loads the bundle as the Lambda runtime does, console included: the Node runtime writes
 * each console call as one log event, `time<TAB>requestId<TAB>LEVEL<TAB>message` with the message's
 * newlines as \r (text format, aws-lambda-nodejs-runtime-interface-client's logging/formatter.ts);
 * what a function writes to stdout or stderr itself is one log event per line, as written. So each
 * line of `output()` is one CloudWatch log event (`logEvents()`), as the metric filters see them.
 */
const CHILD = `const { format } = await import('node:util');
  let requestId = 'init';
  for (const [method, level] of [['log', 'INFO'], ['info', 'INFO'], ['warn', 'WARN'], ['error', 'ERROR'], ['debug', 'DEBUG'], ['trace', 'TRACE']]) {
    console[method] = (message, ...params) => process.stdout.write([new Date().toISOString(), requestId, level, format(message, ...params)].join('\\t').replace(/\\n/g, '\\r') + '\\n');
  }
  const { handler } = await import(process.env.BT_BUNDLE_URL);
  process.on('message', async ({ id, event }) => {
    requestId = 'lambda-request-' + id;
    try { process.send({ id, result: (await handler(event, { awsRequestId: requestId })) ?? null }); }
    catch (error) { process.send({ id, error: String(error?.message ?? error) }); }
  });
  process.send({ ready: true });`;

export function startBundle(bundle: FunctionBundle, env: Record<string, string>): Promise<RunningBundle> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], {
    env: { PATH: process.env.PATH, ...env, BT_BUNDLE_URL: pathToFileURL(bundle.file).href },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const waiting = new Map<number, (outcome: Outcome) => void>();
  let next = 0;
  const running: RunningBundle = {
    invoke(event) {
      if (!child.connected) return Promise.reject(new Error(`${bundle.name} bundle is not running:\n${output}`));
      const id = (next += 1);
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        child.send({ id, event });
      });
    },
    output: () => output,
    logEvents: () => output.split('\n').filter((line) => line.trim() !== ''),
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
  return new Promise((resolve, reject) => {
    child.on('message', (message: Outcome & { id?: number; ready?: boolean }) => {
      if (message.ready) return resolve(running);
      waiting.get(message.id!)?.({ result: message.result, error: message.error });
      waiting.delete(message.id!);
    });
    child.on('exit', (code) => {
      reject(new Error(`${bundle.name} bundle exited (${code}) before it was ready:\n${output}`));
      for (const resolveOne of waiting.values()) resolveOne({ error: `process exited (${code}):\n${output}` });
      waiting.clear();
    });
  });
}

/** Imports the bundle in a fresh process and calls its handler with each event in turn. */
export async function invokeAll(bundle: FunctionBundle, events: unknown[], env = lambdaEnvironment()): Promise<Outcome[]> {
  const running = await startBundle(bundle, env);
  try {
    const outcomes: Outcome[] = [];
    for (const event of events) outcomes.push(await running.invoke(event));
    return outcomes;
  } finally {
    await running.close();
  }
}

export interface UrlEventOptions {
  method?: string;
  path: string;
  query?: string;
  headers?: Record<string, string>;
  /** As a Function URL sends them: the Cookie header split into `cookies`. */
  cookies?: string[];
  body?: string;
}

/** A Function URL event (payload 2.0); a body is base64, as Function URLs send JSON bodies. */
export function urlEvent(options: UrlEventOptions) {
  const method = options.method ?? 'GET';
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: options.path,
    rawQueryString: options.query ?? '',
    headers: { host: 'abc.lambda-url.eu-central-1.on.aws', ...options.headers },
    ...(options.cookies ? { cookies: options.cookies } : {}),
    requestContext: { http: { method, path: options.path, protocol: 'HTTP/1.1', sourceIp: '198.51.100.7', userAgent: 'test' }, domainName: 'abc.lambda-url.eu-central-1.on.aws', requestId: 'r', routeKey: '$default', stage: '$default', time: '', timeEpoch: 0, accountId: 'anonymous', apiId: 'abc' },
    isBase64Encoded: options.body !== undefined,
    ...(options.body !== undefined ? { body: Buffer.from(options.body).toString('base64') } : {}),
  };
}

/** What EventBridge Scheduler hands the Cron function. */
export function scheduledEvent() {
  return { version: '0', id: 'e', 'detail-type': 'Scheduled Event', source: 'aws.events', time: new Date().toISOString(), detail: {} };
}
