import { defineConfig } from 'drizzle-kit';

// drizzle-kit reads this file itself; it only generates SQL from the schema (no database needed).
export default defineConfig({
  dialect: 'mysql',
  schema: './packages/core/src/db/schema.ts',
  out: './infra/migrations',
});
