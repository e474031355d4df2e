import type { loadLocalConfig } from '@bedriftstorget/api/config';
import type { MysqlHandle } from '@bedriftstorget/api/db/mysql';
import { createLocalServices } from '@bedriftstorget/api/entry/services';
import { industries, type Industry } from '@bedriftstorget/core/listing/listing.sql';
import { createDatabaseIfMissing, migrateDatabase } from '../db';
import { startLocalS3 } from '../local/s3';
import { isLocalUrl, seedBig } from '../seed/big';
import { sampleImageSvg } from '../seed/images';

const IMAGES_PER_INDUSTRY = 6;

export function flagValue(args: string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  return at === -1 ? undefined : (args[at + 1] ?? '');
}

/** `seed --listings N [--force]`: migrates, stores a few shared pictures, then generates (infra/seed/big.ts). */
export async function seedBigCommand(config: ReturnType<typeof loadLocalConfig>, mysql: MysqlHandle, value: string, force: boolean): Promise<number> {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 5_000_000) {
    console.error('Bruk: npm run ops -- seed --listings <antall 1–5 000 000> [--force]');
    return 2;
  }
  if (!isLocalUrl(config.databaseUrl) && !force) {
    console.error(`Nekter å fylle en database som ikke er lokal (${new URL(config.databaseUrl).hostname}); bruk --force.`);
    return 2;
  }
  await createDatabaseIfMissing(config.databaseUrl);
  await migrateDatabase(mysql);
  const started = Date.now();
  const urls = new Map<string, string>();
  const key = (industry: Industry, n: number) => `seed/${industry}-${n}.svg`;
  const local = config.local;
  const s3 = local ? await startLocalS3(local.dataDir, local.s3Port, [local.imageBucket, local.documentBucket]) : null;
  try {
    const storage = createLocalServices(config, mysql.db).storage;
    for (const industry of industries) {
      for (let n = 0; n < IMAGES_PER_INDUSTRY; n += 1) {
        if (s3) await storage.put(key(industry, n), new TextEncoder().encode(sampleImageSvg(industry, n)), 'image/svg+xml');
        urls.set(key(industry, n), storage.publicUrl(key(industry, n)));
      }
    }
  } finally {
    await s3?.close();
  }
  const result = await seedBig(config.databaseUrl, count, { force, imageUrl: (industry, n) => urls.get(key(industry, n))! });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`Genererte ${result.listings} annonser, ${result.users} brukere, ${result.favourites} favoritter og ${result.messages} meldinger på ${seconds} s.`);
  return 0;
}
