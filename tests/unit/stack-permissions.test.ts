import { describe, expect, it } from 'vitest';
import { finalImageKey, imageObjectKeys, UPLOAD_PREFIX } from '@bedriftstorget/core/listing/image-variants';
import { cloudFrontReadPolicy, imageStatements, mailStatements, type Statement } from '../../stacks/permissions';

/**
 * What the functions may do in AWS (stacks/permissions.ts, decision 068), checked the way IAM
 * evaluates an allow: an action and a resource match a statement's patterns (`*` any run of
 * characters, `?` one), and every condition holds for the request's context.
 */
const glob = (pattern: string) => new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);

function allows(statements: Statement[], action: string, resource: string, context: Record<string, string> = {}): boolean {
  return statements.some((statement) =>
    statement.actions.some((a) => glob(a).test(action)) &&
    statement.resources.some((r) => glob(r).test(resource)) &&
    (statement.conditions ?? []).every((c) => c.test === 'StringEquals' && c.values.includes(context[c.variable] ?? '\u0000')));
}

const BUCKET = 'arn:aws:s3:::bedriftstorget-production-imagesbucket-abc';
const image = { listingId: 'a1b2c3', imageId: '0f9e-8d7c', width: 1200, height: 800 };

describe('the functions\' rights on the image bucket', () => {
  const statements = imageStatements(BUCKET);

  it('cover every request the storage adapter makes, on uploads and listing images', () => {
    // As seller/uploads.ts names a raw upload.
    const upload = `${UPLOAD_PREFIX}user-1/a1b2c3_1700000000000_0.jpg`;
    for (const key of [upload, ...imageObjectKeys(finalImageKey(image))]) {
      // put: re-encoded images and presigned POST; get: read, readStart, size (HEAD); delete.
      for (const action of ['s3:PutObject', 's3:GetObject', 's3:DeleteObject']) expect([action, key, allows(statements, action, `${BUCKET}/${key}`)]).toEqual([action, key, true]);
    }
    // A missing key must answer 404 (size() reads "no upload" from it), which S3 only does for a caller who may list.
    expect(allows(statements, 's3:ListBucket', BUCKET)).toBe(true);
  });

  it('allow nothing else: no other prefix, bucket, or bucket-level change', () => {
    expect(statements.flatMap((s) => s.actions).filter((a) => a.includes('*'))).toEqual([]);
    expect(allows(statements, 's3:PutObject', `${BUCKET}/seed/kafe-1.svg`)).toBe(false);
    expect(allows(statements, 's3:GetObject', `${BUCKET}/other/x`)).toBe(false);
    expect(allows(statements, 's3:GetObject', 'arn:aws:s3:::another-bucket/listings/x.webp')).toBe(false);
    for (const action of ['s3:DeleteBucket', 's3:PutBucketPolicy', 's3:PutBucketCors', 's3:PutLifecycleConfiguration', 's3:PutObjectAcl']) {
      expect(allows(statements, action, BUCKET) || allows(statements, action, `${BUCKET}/listings/x`), action).toBe(false);
    }
  });
});

describe('the functions\' rights in SES', () => {
  const grant = { region: 'eu-central-1', accountId: '123456789012', configurationSet: 'bedriftstorget-production', from: 'noreply@bedriftstorget.no' };
  const statements = mailStatements(grant);
  const arn = 'arn:aws:ses:eu-central-1:123456789012';
  const from = { 'ses:FromAddress': 'noreply@bedriftstorget.no' };

  it('let them send from our address with our configuration set (and to a verified recipient in the sandbox)', () => {
    for (const action of ['ses:SendEmail', 'ses:SendRawEmail']) {
      expect(allows(statements, action, `${arn}:identity/bedriftstorget.no`, from)).toBe(true);
      expect(allows(statements, action, `${arn}:configuration-set/bedriftstorget-production`, from)).toBe(true);
      expect(allows(statements, action, `${arn}:identity/kari@example.no`, from)).toBe(true);
    }
  });

  it('refuse another From address, another configuration set, region or account, and anything but sending', () => {
    expect(allows(statements, 'ses:SendEmail', `${arn}:identity/bedriftstorget.no`, { 'ses:FromAddress': 'ceo@bedriftstorget.no' })).toBe(false);
    expect(allows(statements, 'ses:SendEmail', `${arn}:identity/bedriftstorget.no`)).toBe(false);
    expect(allows(statements, 'ses:SendEmail', `${arn}:configuration-set/other`, from)).toBe(false);
    expect(allows(statements, 'ses:SendEmail', 'arn:aws:ses:us-east-1:123456789012:identity/bedriftstorget.no', from)).toBe(false);
    expect(allows(statements, 'ses:SendEmail', 'arn:aws:ses:eu-central-1:999999999999:identity/bedriftstorget.no', from)).toBe(false);
    for (const action of ['ses:CreateEmailIdentity', 'ses:DeleteEmailIdentity', 'ses:PutAccountDetails', 'ses:SendBulkEmail']) {
      expect(allows(statements, action, `${arn}:identity/bedriftstorget.no`, from), action).toBe(false);
    }
  });
});

describe('CloudFront\'s right to read the bucket', () => {
  const DISTRIBUTION = 'arn:aws:cloudfront::123456789012:distribution/E2ABCDEF';
  const policy = cloudFrontReadPolicy(DISTRIBUTION);

  it('is GetObject on checked listing images only, for this stage\'s distribution only', () => {
    expect(policy.principals).toEqual([{ type: 'service', identifiers: ['cloudfront.amazonaws.com'] }]);
    const statements = [{ actions: policy.actions, resources: policy.paths.map((path) => `${BUCKET}/${path}`), conditions: policy.conditions }];
    const own = { 'AWS:SourceArn': DISTRIBUTION };
    expect(allows(statements, 's3:GetObject', `${BUCKET}/${finalImageKey(image)}`, own)).toBe(true);
    expect(allows(statements, 's3:GetObject', `${BUCKET}/${finalImageKey(image)}`, { 'AWS:SourceArn': 'arn:aws:cloudfront::999999999999:distribution/EOTHER' })).toBe(false);
    expect(allows(statements, 's3:GetObject', `${BUCKET}/uploads/user-1/x.jpg`, own)).toBe(false);
    expect(allows(statements, 's3:PutObject', `${BUCKET}/${finalImageKey(image)}`, own)).toBe(false);
  });
});
