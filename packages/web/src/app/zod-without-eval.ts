/**
 * Zod builds a faster object parser with `new Function` where eval is allowed, and finds out by
 * trying it once. Our CSP (`script-src 'self'`) forbids eval, so that try was a CSP violation on
 * every page that loads a schema: reported to the browser's Issues panel, and marked by Lighthouse
 * under best practices. Zod's `jitless` setting skips the try (and the parser it would build).
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig`, shared by every copy of it
 * (zod/v4/core/core.js), and reads `jitless` when a schema is made: set here, before any chunk that
 * makes a schema runs, it needs no zod code in the first load (`z.config()` would bring it).
 */
export function zodWithoutEval(): void {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (holder.__zod_globalConfig ??= {}).jitless = true;
}
