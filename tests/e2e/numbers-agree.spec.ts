import { expect, test } from '@playwright/test';
import { browse, landingSections } from '@bedriftstorget/core/texts/marketplace';
import { sql } from './db';

/** The landing's count and browse's 'Viser X av Y' count the same listings (sold ones in both, and said so); the seed's numbers could have happened. */
const digits = (text: string) => Number(text.replace(/\D/g, ''));

for (const [device, size] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1366, height: 800 }]] as const) {
  test(`${device}: the landing's count is browse's total, sold listings included in both and said in words`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto('/');
    const counter = page.locator('dl div').filter({ has: page.getByText(landingSections.counts.forSale, { exact: true }) });
    await expect(counter).toBeVisible();
    const landing = digits(await counter.locator('dd').innerText());
    await page.goto('/alle-annonser');
    const count = page.getByTestId('result-count');
    await expect(count).toHaveText(/^Viser \d+ av [\d\s]+ annonser?$/u);
    const total = digits((await count.innerText()).replace(/^Viser \d+ av /, ''));
    await expect(page.getByText(browse.countIncludesSold, { exact: true })).toBeVisible();
    const [row] = (await sql("SELECT SUM(status = 'sold') AS sold, COUNT(*) AS n FROM listings WHERE status IN ('active', 'sold')")) as { sold: string; n: number }[];
    expect(Number(row!.sold)).toBeGreaterThan(0);
    expect(landing).toBe(total);
    expect(total).toBe(Number(row!.n));
  });
}

test('the seeded statistics could have happened: 30 days within the total, nothing on listings never published', async () => {
  // The seed's own listings: the demo seller's, hours to months old (other specs add listings of their own, made now).
  const impossible = (await sql(`
    SELECT * FROM (
      SELECT l.id, l.status, l.views, l.leads_count, l.published_at,
        (SELECT COUNT(*) FROM listing_views v WHERE v.listing_id = l.id) AS recent,
        (SELECT COUNT(*) FROM favorites f WHERE f.listing_id = l.id) AS saves,
        (SELECT COUNT(*) FROM messages m WHERE m.listing_id = l.id) AS messages
      FROM listings l JOIN users u ON u.id = l.owner_id
      WHERE u.email = 'selger@bedriftstorget.no' AND l.created_at < NOW() - INTERVAL 1 HOUR
    ) AS seeded
    WHERE recent > views OR (published_at IS NULL AND (views > 0 OR leads_count > 0 OR recent > 0 OR saves > 0 OR messages > 0))
      OR (published_at >= NOW() - INTERVAL 29 DAY AND views <> recent)`)) as unknown[];
  const [seeded] = (await sql("SELECT COUNT(*) AS n FROM listings l JOIN users u ON u.id = l.owner_id WHERE u.email = 'selger@bedriftstorget.no' AND l.created_at < NOW() - INTERVAL 1 HOUR")) as { n: number }[];
  expect(Number(seeded!.n)).toBeGreaterThan(30);
  expect(impossible).toEqual([]);
});
