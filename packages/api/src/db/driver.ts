/**
 * mysql2 over the MySQL protocol, or PlanetScale's serverless driver over HTTP (docs/decisions/010).
 * Its own module without imports, so the config (and with it the Lambda bundle) does not pull in mysql2.
 */
export const DATABASE_DRIVERS = ['mysql2', 'planetscale'] as const;
export type DatabaseDriver = (typeof DATABASE_DRIVERS)[number];
