import { expect, test, type Page } from '@playwright/test';
import { CLIENT_ERROR_PATH } from '@bedriftstorget/core/monitoring/client-error';
import { landing } from '@bedriftstorget/core/texts/nb';

/** The browser reports errors no code handled to the server's log (decision 073). */

function nextReport(page: Page) {
  return page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === CLIENT_ERROR_PATH);
}

test('an error thrown in the page and a promise rejected with nobody to catch it are each reported, and the server takes them', async ({ page }) => {
  await page.goto('/alle-annonser?sted=Oslo');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const thrown = nextReport(page);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e: kastet i en timer');
    });
  });
  const report = await thrown;
  expect(report.postDataJSON()).toMatchObject({ kind: 'error', message: 'Error: e2e: kastet i en timer', path: '/alle-annonser' });
  expect((report.postDataJSON() as { stack?: string }).stack).toContain('e2e: kastet i en timer');
  expect((await report.response())!.status()).toBe(204);

  const rejected = nextReport(page);
  await page.evaluate(() => {
    void Promise.reject(new TypeError('e2e: avvist løfte'));
  });
  const second = await rejected;
  expect(second.postDataJSON()).toMatchObject({ kind: 'unhandledrejection', message: 'TypeError: e2e: avvist løfte', path: '/alle-annonser' });
  expect((await second.response())!.status()).toBe(204);
});

test('the same error twice in one page is reported once', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: landing.heroTitle })).toBeVisible();
  const reports: unknown[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === CLIENT_ERROR_PATH) reports.push(request.postDataJSON());
  });
  const first = nextReport(page);
  await page.evaluate(() => {
    for (let i = 0; i < 3; i += 1) setTimeout(() => { throw new Error('e2e: samme feil'); });
  });
  await (await first).response();
  // A distinct error after the repeats: once its report is out, the repeats would have been too.
  const after = nextReport(page);
  await page.evaluate(() => setTimeout(() => { throw new Error('e2e: en annen feil'); }));
  await (await after).response();
  expect(reports.map((report) => (report as { message: string }).message)).toEqual(['Error: e2e: samme feil', 'Error: e2e: en annen feil']);
});
