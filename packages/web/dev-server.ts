import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

/** Vite in middleware mode, for `npm run dev`: the local server mounts it behind /trpc and /images. */
export async function createViteMiddlewares() {
  const vite = await createServer({ root: fileURLToPath(new URL('.', import.meta.url)), server: { middlewareMode: true }, appType: 'spa' });
  return vite.middlewares;
}
