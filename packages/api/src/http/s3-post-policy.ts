import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Checks a browser's presigned POST as S3 does (AWS "Creating a POST policy", SigV4): the
 * signature over the base64 policy, the expiry, and every condition, and that every form field is
 * covered by one. s3rver checks none of this: the local `/s3/` endpoint and the local S3's front (decision 135) do.
 */
export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface AcceptedPost {
  key: string;
  contentType: string;
  minBytes: number;
  maxBytes: number;
}

export class PolicyError extends Error {
  constructor(readonly s3Code: string, message: string) {
    super(message);
  }
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** Fields S3 does not require a condition for. */
const UNCONDITIONED = new Set(['policy', 'x-amz-signature', 'file']);

/** A key S3 would store as is and that cannot escape a directory on a file-backed fake. */
export function isSafeKey(key: string): boolean {
  if (!key || key.length > 512 || key.startsWith('/') || key.includes('//')) return false;
  // eslint-disable-next-line no-control-regex -- control characters (NUL included) are exactly what is refused
  if (/[\u0000-\u001f\u007f\\%]/.test(key)) return false;
  return key.split('/').every((segment) => segment !== '..' && segment !== '.');
}

function denied(message: string): PolicyError {
  return new PolicyError('AccessDenied', message);
}

/**
 * Verifies the form fields (names as sent; S3 compares them case-insensitively) for `bucket`.
 * Throws PolicyError; returns the key, type and size range the upload must keep to.
 */
export function verifyPostPolicy(form: Record<string, string>, bucket: string, credentials: Credentials, now = new Date()): AcceptedPost {
  const fields = new Map(Object.entries(form).map(([name, value]) => [name.toLowerCase(), value]));
  fields.set('bucket', bucket);
  const policyBase64 = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  const credential = fields.get('x-amz-credential');
  if (!policyBase64 || !signature || !credential || fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256') throw denied('missing signature fields');

  const [accessKeyId, date, region, service, terminator, ...rest] = credential.split('/');
  if (rest.length || accessKeyId !== credentials.accessKeyId || region !== credentials.region || service !== 's3' || terminator !== 'aws4_request' || !/^\d{8}$/.test(date ?? '')) {
    throw new PolicyError('InvalidAccessKeyId', 'unknown credential');
  }
  const signingKey = ['s3', 'aws4_request'].reduce((key, part) => hmac(key, part), hmac(hmac(`AWS4${credentials.secretAccessKey}`, date!), region));
  const expected = createHmac('sha256', signingKey).update(policyBase64, 'utf8').digest();
  const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new PolicyError('SignatureDoesNotMatch', 'signature');

  let policy: { expiration?: unknown; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8')) as typeof policy;
  } catch {
    throw denied('policy is not JSON');
  }
  const expires = typeof policy.expiration === 'string' ? Date.parse(policy.expiration) : NaN;
  if (!(expires > now.getTime())) throw denied('policy expired');
  if (!Array.isArray(policy.conditions)) throw denied('no conditions');

  const covered = new Set<string>();
  let range: [number, number] | null = null;
  const check = (name: string, ok: (value: string) => boolean) => {
    const field = name.replace(/^\$/, '').toLowerCase();
    covered.add(field);
    const value = fields.get(field) ?? '';
    if (!ok(value)) throw denied(`condition failed: ${field}`);
  };
  for (const condition of policy.conditions as unknown[]) {
    if (Array.isArray(condition)) {
      const [op, a, b] = condition as [unknown, unknown, unknown];
      if (op === 'content-length-range' && typeof a === 'number' && typeof b === 'number') range = [a, b];
      else if (op === 'eq' && typeof a === 'string' && typeof b === 'string') check(a, (v) => v === b);
      else if (op === 'starts-with' && typeof a === 'string' && typeof b === 'string') check(a, (v) => v.startsWith(b));
      else throw denied('unknown condition');
    } else if (condition && typeof condition === 'object') {
      for (const [name, value] of Object.entries(condition)) check(name, (v) => v === String(value));
    } else {
      throw denied('unknown condition');
    }
  }
  for (const name of fields.keys()) {
    if (!UNCONDITIONED.has(name) && !name.startsWith('x-ignore-') && !covered.has(name)) throw denied(`field not in policy: ${name}`);
  }
  const key = fields.get('key') ?? '';
  if (!covered.has('key') || !isSafeKey(key)) throw denied('key');
  return { key, contentType: fields.get('content-type') ?? 'binary/octet-stream', minBytes: range?.[0] ?? 0, maxBytes: range?.[1] ?? 5 * 1024 ** 3 };
}
