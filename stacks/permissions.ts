/**
 * What the functions may do in AWS, written out instead of what `link` grants (`s3:*` on the
 * bucket, `ses:*` on the identity and SendEmail on every resource): decision 068. Plain values and
 * functions of ARNs, so tests read exactly what the stacks attach.
 */
import { LISTING_IMAGE_PREFIX, UPLOAD_PREFIX } from '../packages/core/src/listing/image-variants';
import { DOCUMENT_KEY_PREFIXES } from '../packages/core/src/data-room/limits';

export interface Statement {
  actions: string[];
  resources: string[];
  conditions?: { test: string; variable: string; values: string[] }[];
}

/** The only prefixes the functions touch: raw uploads (presigned POST, check, delete) and checked images. */
export const IMAGE_PREFIXES = [UPLOAD_PREFIX, LISTING_IMAGE_PREFIX] as const;

/**
 * Objects: put (the re-encoded images, and the presigned POST the browser sends, which S3 checks
 * against the signer's rights), get and head (the check reads the upload), delete. ListBucket on the
 * bucket itself only so that a missing key answers 404, not 403: storage.size() reads "no upload"
 * from the 404 (S3 answers 403 to a caller who may not list).
 */
export function imageStatements(bucketArn: string): Statement[] {
  return [
    { actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], resources: IMAGE_PREFIXES.map((prefix) => `${bucketArn}/${prefix}*`) },
    { actions: ['s3:ListBucket'], resources: [bucketArn] },
  ];
}

/**
 * The documents bucket (decision 097), the same rights on its three prefixes: uploads (presigned
 * POST, check, delete), checked documents (written by the server, read to stamp) and stamped copies
 * (written, read by the presigned GET the function signs, deleted by the clean-up). ListBucket for
 * 404s and for the clean-up's listing of `stamped/`.
 */
export function documentStatements(bucketArn: string): Statement[] {
  return [
    { actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], resources: DOCUMENT_KEY_PREFIXES.map((prefix) => `${bucketArn}/${prefix}*`) },
    { actions: ['s3:ListBucket'], resources: [bucketArn] },
  ];
}

export interface MailGrant {
  region: string;
  accountId: string;
  configurationSet: string;
  /** The one From address the functions send as (stage-settings.ts). */
  from: string;
}

/**
 * SendEmail (and SendRawEmail, the same permission for raw MIME) in this account and region only,
 * from our one address only (`ses:FromAddress`), with our configuration set. The identity part is a
 * wildcard because SES also checks the recipient's identity while the account is in the sandbox
 * (only verified recipients then), and the sender identity changes when production switches to its
 * domain; the From condition is what keeps it to ours.
 */
export function mailStatements(grant: MailGrant): Statement[] {
  const arn = `arn:aws:ses:${grant.region}:${grant.accountId}`;
  return [{
    actions: ['ses:SendEmail', 'ses:SendRawEmail'],
    resources: [`${arn}:identity/*`, `${arn}:configuration-set/${grant.configurationSet}`],
    conditions: [{ test: 'StringEquals', variable: 'ses:FromAddress', values: [grant.from] }],
  }];
}

/**
 * The bucket policy's grant to CloudFront: GetObject on checked images only, and only for requests
 * signed for this stage's distribution (OAC with `AWS:SourceArn`), not for any distribution in any
 * account, which is what the bucket's `access: 'cloudfront'` allows. In SST's Bucket `policy` form
 * (paths inside the bucket); the ARN may be a deploy-time value.
 */
export function cloudFrontReadPolicy<Arn>(distributionArn: Arn) {
  return {
    actions: ['s3:GetObject'],
    principals: [{ type: 'service' as const, identifiers: ['cloudfront.amazonaws.com'] }],
    paths: [`${LISTING_IMAGE_PREFIX}*`],
    conditions: [{ test: 'StringEquals', variable: 'AWS:SourceArn', values: [distributionArn] }],
  };
}
