/**
 * A tab opened before a deploy runs the previous build. Its lazy chunks are kept across deploys
 * (docs/decisions/074), so this is the fallback for when one is gone anyway (removed by hand, a
 * deploy from before they were kept): the page reloads once into the current build.
 *
 * Vite marks a dynamic import that failed by dispatching `vite:preloadError` with the error. The
 * reload waits until something needs that chunk (a page or dialog rendering, code that did not
 * catch the failure), so a failed prefetch on hover never reloads the page under the visitor.
 */
const RELOADED_FROM = 'bt:reloaded-from';
/** This chunk's own URL: its content hash changes with every build that changes any chunk it imports. */
const THIS_BUILD = import.meta.url;
/** Chrome, Firefox and Safari's words for a module that could not be fetched. */
const CHUNK_FAILURE = /dynamically imported module|module script failed|Unable to preload CSS/i;

const failedChunks = new WeakSet<object>();
let reloading = false;

export function installStaleBuildReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const { payload } = event as Event & { payload?: unknown };
    if (payload instanceof Object) failedChunks.add(payload);
  });
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (failedChunks.has(error) || CHUNK_FAILURE.test(error.message));
}

/**
 * Reloads the page when `error` is a chunk that could not be loaded, once per build: sessionStorage
 * remembers the build that reloaded, so if the reload brings the same build back (the chunk is
 * really missing) the error shows instead of a reload loop. Offline, a reload would only show the
 * browser's own error page. Returns whether the page is reloading.
 */
export function reloadForNewBuild(error: unknown): boolean {
  if (reloading) return true;
  if (!isChunkLoadError(error) || !navigator.onLine) return false;
  try {
    if (sessionStorage.getItem(RELOADED_FROM) === THIS_BUILD) return false;
    sessionStorage.setItem(RELOADED_FROM, THIS_BUILD);
  } catch {
    return false; // no storage (private mode, blocked): without the guard a reload could loop
  }
  reloading = true;
  window.location.reload();
  return true;
}

/** While the page reloads, errors from the old build are neither shown nor reported. */
export const reloadingForNewBuild = (): boolean => reloading;
