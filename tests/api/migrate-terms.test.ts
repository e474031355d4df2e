import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { listings, listingTerms } from '@bedriftstorget/core/listing/listing.sql';
import { createDatabaseIfMissing, dropDatabase, migrateDatabase } from '../../infra/db';
import { testDatabaseUrl } from '../setup/test-db';

// Its own database, made and dropped here: the listing below has no terms, as before migration 0006.
const url = testDatabaseUrl(`terms_${process.pid}`);
afterAll(() => dropDatabase(url));

const termsOf = async (handle: ReturnType<typeof connectMysql>, id: string) => (await handle.db.select().from(listingTerms).where(eq(listingTerms.listingId, id))).length;

async function listingWithoutTerms(handle: ReturnType<typeof connectMysql>): Promise<string> {
  const id = crypto.randomUUID();
  await handle.mysql2.execute(`INSERT INTO users (id, email) VALUES ('${id}', '${id}@test.no')`);
  await handle.db.insert(listings).values({ id, ownerId: id, title: 'Bakeri i Bodø', industry: 'restaurant', location: 'Bodø', description: 'Et bakeri med faste kunder og gode rutiner i mange år.', status: 'active' });
  return id;
}

describe('search terms for listings written before they existed', () => {
  it('npm start fills them only in the run that creates listing_terms; ops migrate always looks', { timeout: 120_000 }, async () => {
    await createDatabaseIfMissing(url);
    const handle = connectMysql(url, 1);
    try {
      await migrateDatabase(handle);
      const id = await listingWithoutTerms(handle);
      // An ordinary start: listing_terms exists, so no anti-join over every listing.
      await migrateDatabase(handle);
      expect(await termsOf(handle, id)).toBe(0);
      // The operator's migrate looks and fills.
      await migrateDatabase(handle, { checkTerms: 'always' });
      expect(await termsOf(handle, id)).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
  });
});
