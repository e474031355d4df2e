/**
 * Set with `npx sst secret set NAME VALUE --stage NAME`. Google and Ably stay off while their
 * values are the placeholder (see packages/api/src/config.ts).
 */
export const secrets = {
  /** PlanetScale's connection URL (mysql://user:password@host/database?ssl=...). */
  databaseUrl: new sst.Secret('DatabaseUrl'),
  googleClientId: new sst.Secret('GoogleClientId', 'placeholder'),
  googleClientSecret: new sst.Secret('GoogleClientSecret', 'placeholder'),
  ablyKey: new sst.Secret('AblyKey', 'placeholder'),
  /** Vipps Login's client id and secret from Vipps MobilePay's business portal (decision 119); off while placeholder. */
  vippsClientId: new sst.Secret('VippsClientId', 'placeholder'),
  vippsClientSecret: new sst.Secret('VippsClientSecret', 'placeholder'),
  /**
   * The HMAC key of the rate-limit rows that count by address (decision 134): random, 32 bytes or more
   * (`openssl rand -hex 32`). No default: a known key would make the rows an address list again.
   */
  rateLimitKey: new sst.Secret('RateLimitKey'),
};
