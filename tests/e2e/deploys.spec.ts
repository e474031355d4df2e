import { cp, rm } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { CLIENT_ERROR_PATH } from '@bedriftstorget/core/monitoring/client-error';
import { errorPageTexts } from '@bedriftstorget/core/texts/monitoring';
import { auth, landing, nav } from '@bedriftstorget/core/texts/nb';
import { WEB_ASSETS } from '../../stacks/web-config';
import { buildNewVersion, deployWeb, filesOf } from './deploy-web';
import { E2E } from './env';

/**
 * A deploy under an open tab (decision 074): the tab was opened on one build, the server now has
 * another, and the tab opens a lazy page (/auth, its own chunk). The server's web folder stands in
 * for the StaticSite's bucket, and deployWeb does to it what SST's upload does to the bucket.
 */
const served = E2E.serverEnv.WEB_DIST;
const original = `${E2E.dataDir}/web-original`;
const next = `${E2E.dataDir}/web-next`;
let deployed: string[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await rm(original, { recursive: true, force: true });
  await cp(served, original, { recursive: true });
  buildNewVersion(next);
  deployed = await filesOf(served);
});

// Every test starts from the build the app was started with.
test.afterEach(async () => {
  deployed = await deployWeb(original, served, deployed, { purge: true });
});

/** How often the tab loaded a document (1: never reloaded), and each answer for /auth's chunk. */
function watch(page: Page) {
  let loads = 0;
  const authChunks: { path: string; status: number }[] = [];
  const assetRequests: string[] = [];
  const reports: unknown[] = [];
  const isAuthChunk = (path: string) => /^\/assets\/auth-page-[\w-]+\.js$/.test(path);
  page.on('load', () => (loads += 1));
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (isAuthChunk(path)) authChunks.push({ path, status: response.status() });
  });
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    // Requests are recorded as they are sent: a refused chunk's answer can race the reload it causes.
    if (/^\/assets\/[\w-]+\.js$/.test(path)) assetRequests.push(path);
    if (path === CLIENT_ERROR_PATH) reports.push(request.postDataJSON());
  });
  return { loads: () => loads, authChunks, assetRequests, reports };
}

async function openLanding(page: Page) {
  const scripts: string[] = [];
  let inFlight = 0;
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(new URL(request.url()).pathname);
    inFlight += 1;
  });
  const settled = (request: { resourceType(): string }) => void (request.resourceType() === 'script' && (inFlight -= 1));
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: landing.heroTitle })).toBeVisible();
  // The landing loads chunks of its own once it has rendered (the valuation section when it is near
  // the viewport), and its dialogs' code and the toaster when idle after the first pointer move, which
  // the click on 'Logg inn' would otherwise be. One still to come when a test purges the old build
  // fails, and its reload would land on "/" instead of the page the test opens next.
  await page.waitForLoadState('networkidle');
  const beforeMove = scripts.length;
  await page.mouse.move(200, 200);
  await expect.poll(() => scripts.slice(beforeMove).some((path) => /mobile-drawer-panel-/.test(path)), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => scripts.length - beforeMove >= 3 && inFlight === 0, { timeout: 15_000 }).toBe(true);
}

const openLogin = (page: Page) => page.getByRole('banner').getByRole('link', { name: nav.login }).click();
const loginHeading = (page: Page) => page.getByRole('heading', { level: 1, name: auth.loginTitle });

test('with the deploy setting of stacks/web-config.ts, the open tab opens a lazy page from its own build, without a reload', async ({ page }) => {
  const seen = watch(page);
  await openLanding(page);
  deployed = await deployWeb(next, served, deployed, WEB_ASSETS);

  await openLogin(page);
  await expect(loginHeading(page)).toBeVisible();
  expect(seen.loads()).toBe(1);
  // The chunk came from the tab's own build, kept beside the new one.
  const newBuild = new Set(await filesOf(next));
  expect(seen.authChunks.length).toBeGreaterThan(0);
  for (const chunk of seen.authChunks) {
    expect(chunk.status).toBe(200);
    expect(newBuild.has(chunk.path.slice(1))).toBe(false);
  }
  expect(seen.reports).toEqual([]);
});

test('when the deploy deleted the old chunks (purge), the tab reloads once into the new build and opens the page', async ({ page }) => {
  const seen = watch(page);
  await openLanding(page);
  // Counted from before the deploy: the landing's idle prefetch may ask for a chunk while the purge runs.
  const sinceDeploy = seen.assetRequests.length;
  deployed = await deployWeb(next, served, deployed, { purge: true });

  await openLogin(page);
  await expect(page).toHaveURL(/\/auth\?mode=login$/);
  await expect(loginHeading(page)).toBeVisible();
  expect(seen.loads()).toBe(2);
  // The tab asked for chunks of its own build (the login page's, or one it imports first), which the
  // purge had deleted: the bucket refuses a missing key. After the reload the new build's were served.
  const newBuild = new Set(await filesOf(next));
  const onServer = new Set(await filesOf(served));
  const oldAsked = seen.assetRequests.slice(sinceDeploy).filter((path) => !newBuild.has(path.slice(1)));
  expect(oldAsked.length).toBeGreaterThan(0);
  for (const path of oldAsked) expect(onServer.has(path.slice(1))).toBe(false);
  expect(seen.authChunks.at(-1)!.status).toBe(200);
  expect(newBuild.has(seen.authChunks.at(-1)!.path.slice(1))).toBe(true);
  // A stale build is not an error to report.
  expect(seen.reports).toEqual([]);
});

test('a chunk missing from the current build too: one reload, then the error page, and the error is reported', async ({ page }) => {
  const seen = watch(page);
  await openLanding(page);
  for (const file of deployed.filter((name) => /^assets\/auth-page-/.test(name))) await rm(`${served}/${file}`);

  await openLogin(page);
  await expect(page.getByRole('alert').getByRole('heading', { level: 1, name: errorPageTexts.title })).toBeVisible();
  await expect(page.getByRole('button', { name: errorPageTexts.reload })).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  // sessionStorage remembered that this build already reloaded once: no loop.
  expect(seen.loads()).toBe(2);
  await expect.poll(() => seen.reports.length).toBe(1);
  expect(seen.reports[0]).toMatchObject({ kind: 'react', path: '/auth' });
});
