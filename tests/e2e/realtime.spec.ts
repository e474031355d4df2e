import { expect, test, type Page, type Response } from '@playwright/test';
import { signIn, signOut, signUpAndConfirm } from './helpers';

const isRealtime = (response: Response) => new URL(response.url()).pathname === '/realtime';

/** Opens an EventSource in the page: 'open' when the server accepts the session cookie. */
function probe(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const source = new EventSource('/realtime');
        source.onopen = () => {
          source.close();
          resolve('open');
        };
        source.onerror = () => {
          source.close();
          resolve('error');
        };
      }),
  );
}

test('a visitor opens no realtime stream and is refused one', async ({ page }) => {
  const opened: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/realtime') opened.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(opened).toEqual([]);
  expect(await probe(page)).toBe('error');
});

test('a signed-in user gets a live stream in every tab, closed and made again with the session', async ({ page, context }) => {
  let streams = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/realtime') streams += 1;
  });
  const first = page.waitForResponse(isRealtime);
  const { email, password } = await signUpAndConfirm(page);
  const response = await first;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/event-stream/);
  expect(await probe(page)).toBe('open');

  const tab = await context.newPage();
  const second = tab.waitForResponse(isRealtime);
  await tab.goto('/');
  expect((await second).status()).toBe(200);
  await tab.close();
  // One stream per tab plus the probe: re-renders and refetches did not reconnect it.
  expect(streams).toBe(2);

  await signOut(page);
  expect(await probe(page)).toBe('error');
  const next = page.waitForResponse(isRealtime);
  await signIn(page, email, password);
  expect((await next).status()).toBe(200);
});
