import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import S3rver from 's3rver';

/** The local S3-compatible server (s3rver) on loopback, files under DATA_DIR/s3: the image bucket and the documents bucket (decision 097). */
export async function startLocalS3(dataDir: string, port: number, buckets: string[]): Promise<{ close: () => Promise<void> }> {
  const directory = join(dataDir, 's3');
  await mkdir(directory, { recursive: true });
  const server = new S3rver({ port, address: '127.0.0.1', directory, silent: true, configureBuckets: buckets.map((name) => ({ name, configs: [] })) });
  try {
    await server.run();
  } catch (error) {
    if ((error as { code?: string }).code === 'EADDRINUSE') {
      throw new Error(`Port ${port} for den lokale S3-serveren er i bruk. Stopp det som bruker den, eller sett S3_PORT.`);
    }
    throw error;
  }
  return { close: () => server.close() };
}
