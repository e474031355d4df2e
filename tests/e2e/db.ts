import { createSessionConnection } from '@bedriftstorget/api/db/session';
import { E2E } from './env';

/** Direct SQL against the test app's database, for setting up states the UI cannot reach quickly. */
export async function sql(query: string, params: unknown[] = []): Promise<unknown> {
  const connection = await createSessionConnection(E2E.databaseUrl);
  try {
    const [rows] = await connection.query(query, params);
    return rows;
  } finally {
    await connection.end();
  }
}
