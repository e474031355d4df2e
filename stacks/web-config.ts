/**
 * How the StaticSite uploads the web app, as plain values (no SST globals), so the browser test
 * that deploys a new build under an open tab uses the same setting (tests/e2e/deploys.spec.ts).
 *
 * `purge: false`: a deploy uploads the new build but deletes nothing, so a tab opened on an earlier
 * build still finds its lazy chunks. SST's default (`true`) deletes every file of the previous
 * deploy that the new build lacks, and the tab's next lazy page then fails with 403 (decision 074).
 * Hashed names never collide; index.html is overwritten as before.
 */
export const WEB_ASSETS = { purge: false } as const;
