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
};
