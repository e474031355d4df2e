/* Linked resources as `sst deploy` would declare them in sst-env.d.ts, kept by hand so the
 * function code typechecks offline: only `sst dev` and `sst deploy` write sst-env.d.ts. Keep in step with stacks/. */
import 'sst';

declare module 'sst' {
  export interface Resource {
    DatabaseUrl: { type: 'sst.sst.Secret'; value: string };
    GoogleClientId: { type: 'sst.sst.Secret'; value: string };
    GoogleClientSecret: { type: 'sst.sst.Secret'; value: string };
    AblyKey: { type: 'sst.sst.Secret'; value: string };
    VippsClientId: { type: 'sst.sst.Secret'; value: string };
    VippsClientSecret: { type: 'sst.sst.Secret'; value: string };
    /** The HMAC key of the rate-limit rows that count by address (decision 134). */
    RateLimitKey: { type: 'sst.sst.Secret'; value: string };
    /** The image bucket's name only; the functions' S3 rights are explicit (stacks/permissions.ts). */
    ImageBucket: { type: 'sst.sst.Linkable'; name: string };
    /** The data room's private bucket (stacks/documents.ts): no CloudFront route, links presigned for 5 minutes. */
    DocumentBucket: { type: 'sst.sst.Linkable'; name: string };
    /** Random, generated at deploy (stacks/router.ts); CloudFront sends it to the Function URL. */
    OriginSecret: { type: 'sst.sst.Linkable'; value: string };
    /** The From address and configuration set (stacks/mail.ts); sending rights are explicit too. */
    Mail: { type: 'sst.sst.Linkable'; sender: string; configSet: string };
  }
}
export {};
