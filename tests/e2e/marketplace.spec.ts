import { expect, test, type Page } from '@playwright/test';
import { industryLabels } from '@bedriftstorget/core/listing/labels';
import { browse, detail, favorites, gallery, landingSections } from '@bedriftstorget/core/texts/marketplace';
import { landing, nav } from '@bedriftstorget/core/texts/nb';
import { sql } from './db';
import { signUpAndConfirm } from './helpers';

const resultCount = (page: Page) => page.getByTestId('result-count');
/** Results keep showing (dimmed) while the next ones load: wait until they have arrived. */
const settled = (page: Page) => expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

test('the landing page shows the newest listings with counters and every section', async ({ page }) => {
  await page.goto('/');
  const forSale = page.getByRole('region', { name: landingSections.forSaleTitle });
  await expect(forSale.locator('article')).toHaveCount(6);
  await expect(forSale.getByText(landingSections.counts.newLast24h)).toBeVisible();
  for (const heading of [landingSections.sellTitle, landingSections.howTitle, landingSections.safeTitle]) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  for (const anchor of ['verdivurdering', 'om-oss', 'kontakt', 'personvern', 'vilkar']) {
    await expect(page.locator(`#${anchor}`)).toBeAttached();
  }
  await forSale.locator('article a').first().click();
  await expect(page).toHaveURL(/\/bedrift\/[0-9a-f-]{36}$/);
});

test('browse: search, filters, sorts, paging and Back all work from the URL', async ({ page }) => {
  await page.goto('/alle-annonser');
  await expect(resultCount(page)).toHaveText(/^Viser 12 av \d+ annonser$/);
  const total = Number((await resultCount(page).innerText()).match(/av (\d+)/)![1]);
  expect(total).toBeGreaterThan(24);

  // 'Vis flere' appends the next page by keyset cursor below the ones read: every listing once, and
  // the reader stays where they were. The total is a count cached for a few seconds, and
  // earlier tests approve and renew listings: the pages, not that first figure, say how many there are.
  let pages = 1;
  while (await page.getByRole('button', { name: browse.showMore }).isVisible()) {
    // Measured once the button is in view (the click would scroll to it otherwise).
    await page.getByRole('button', { name: browse.showMore }).scrollIntoViewIfNeeded();
    // Images coming into view load first; the check is about the click, not about them.
    await page.waitForLoadState('networkidle');
    // Where the reader is: the last card read, on the screen. (Not scrollY: when a late image above
    // grows, the browser's scroll anchoring moves scrollY to keep that card where it was.)
    const lastRead = page.locator('main article').nth(pages * 12 - 1);
    const before = await lastRead.evaluate((card) => card.getBoundingClientRect().top);
    await page.getByRole('button', { name: browse.showMore }).click();
    pages += 1;
    await expect.poll(() => page.locator('main article').count()).toBeGreaterThan((pages - 1) * 12);
    expect(Math.abs((await lastRead.evaluate((card) => card.getBoundingClientRect().top)) - before)).toBeLessThan(5);
  }
  const read = await page.locator('main article').count();
  // Every public listing once: what the database holds now, not the first figure (cached, and
  // earlier tests' approvals and expiries can move it by a few).
  const [{ n }] = (await sql('SELECT COUNT(*) AS n FROM listings WHERE is_public = 1')) as [{ n: number }];
  expect(read).toBe(Number(n));
  expect(pages).toBe(Math.ceil(read / 12));
  await expect(resultCount(page)).toHaveText(`Viser ${read} av ${read} annonser`);
  const hrefs = await page.locator('main article h3 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(new Set(hrefs).size).toBe(read);

  // Filters.
  await page.getByLabel(browse.industry).selectOption({ label: industryLabels.restaurant });
  await expect(page).toHaveURL(/bransje=restaurant/);
  await settled(page);
  await expect(page.locator('main article').first()).toContainText(industryLabels.restaurant.toUpperCase(), { ignoreCase: true });
  const labels = await page.locator('main article p.uppercase').allInnerTexts();
  expect(labels.every((l) => l.toLowerCase().startsWith(industryLabels.restaurant.toLowerCase()))).toBe(true);
  await page.locator('#side-county').selectOption('Vestland');
  await page.locator('#side-municipality').selectOption('Bergen');
  await expect(page).toHaveURL(/sted=Bergen/);
  await settled(page);
  const places = await page.locator('main article p.uppercase').allInnerTexts();
  expect(places.length).toBeGreaterThan(0);
  expect(places.every((l) => l.toLowerCase().endsWith('bergen'))).toBe(true);

  // Back returns to the previous filter: the county, then none.
  await page.goBack();
  await expect(page).toHaveURL(/sted=Vestland/);
  await page.goBack();
  await expect(page).not.toHaveURL(/sted=/);
  await expect(page.locator('#side-municipality')).toHaveValue('');

  // Sort by price, low to high: prices never fall, unpriced last.
  await page.getByLabel(browse.industry).selectOption('');
  await page.locator('#sort-desktop').selectOption({ label: browse.sorts.price_asc });
  await expect(page).toHaveURL(/sortering=price_asc/);
  await settled(page);
  const prices = await page.locator('main article dd.text-lg').allInnerTexts();
  const values = prices.map((p) => Number(p.replace(/\D/g, '')));
  expect(values).toEqual([...values].sort((a, b) => a - b));
  await page.locator('#sort-desktop').selectOption({ label: browse.sorts.revenue_desc });
  await expect(page).toHaveURL(/sortering=revenue_desc/);
  await page.locator('#sort-desktop').selectOption({ label: browse.sorts.popular });
  await expect(page.locator('main article').first()).toBeVisible();
});

test('browse: a short word like IT finds tech listings; no match shows the empty state with resets', async ({ page }) => {
  await page.goto('/');
  await page.getByPlaceholder(landing.searchPlaceholder).fill('IT');
  await page.getByPlaceholder(landing.searchPlaceholder).press('Enter');
  await expect(page).toHaveURL(/q=IT/);
  await expect(resultCount(page)).toHaveText(/^Viser \d+ av \d+ annonser$/);
  const labels = await page.locator('main article p.uppercase').allInnerTexts();
  expect(labels.length).toBeGreaterThan(0);

  await page.getByRole('searchbox').fill('finnesikkezzz');
  await page.getByRole('button', { name: browse.searchLabel, exact: true }).click();
  await page.getByLabel(browse.industry).selectOption('tech');
  await expect(page.getByRole('heading', { name: browse.emptyTitle })).toBeVisible();
  await page.getByRole('button', { name: browse.resetSearch }).click();
  await expect(page).not.toHaveURL(/q=/);
  await expect(page.locator('main article').first()).toBeVisible();
  await page.getByRole('link', { name: browse.ctaButton, exact: true }).last().click();
  await expect(page).toHaveURL(/\/legg-ut-annonse$/);
});

test('browse on a phone: filter drawer with a count badge, sort dropdown, search bar hides on scroll', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/alle-annonser');
  await page.getByRole('button', { name: browse.filters }).click();
  const drawer = page.getByRole('dialog', { name: browse.filters });
  await drawer.getByLabel(browse.industry).selectOption('restaurant');
  await drawer.getByLabel(browse.county).selectOption('Vestland');
  await drawer.getByLabel(browse.municipality).selectOption('Bergen');
  await drawer.getByRole('button', { name: /^Vis (resultater|[\d\s\u00a0]+ treff)$/ }).click();
  await expect(page).toHaveURL(/bransje=restaurant.*sted=Bergen|sted=Bergen.*bransje=restaurant/);
  // The badge shows '2'; screen readers hear '2 aktive filtre' in the button's name.
  await expect(page.getByRole('button', { name: /Filtre/ }).getByText('2', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filtre 2 aktive filtre' })).toBeVisible();
  await page.locator('#sort-mobile').selectOption('price_desc');
  await expect(page).toHaveURL(/sortering=price_desc/);

  await page.goto('/alle-annonser');
  const bar = page.getByRole('search').locator('..').locator('..');
  // The list must be there before the wheel, or there is nothing to scroll yet.
  await expect(page.locator('main article').first()).toBeVisible();
  await page.mouse.wheel(0, 600);
  await expect.poll(async () => (await bar.boundingBox())?.y ?? 0).toBeLessThan(0);
  await page.mouse.wheel(0, -200);
  await expect.poll(async () => (await bar.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
});

test('detail: gallery with keyboard and viewer, key figures, similar listings; visitors must sign in to contact', async ({ page }) => {
  await page.goto('/alle-annonser?q=kaf%C3%A9%20Bergen');
  await page.getByRole('link', { name: 'Etablert kafé i Bergen sentrum' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Etablert kafé i Bergen sentrum' })).toBeVisible();
  for (const heading of [detail.about, detail.included, detail.keyFigures, detail.seller, detail.similar]) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(page.getByText('2 450 000 kr').first()).toBeVisible();

  await expect(page.getByText(gallery.counter(1, 5))).toBeVisible();
  await expect(page.getByRole('button', { name: /^Vis bilde \d$/ })).toHaveCount(4);
  await page.getByRole('button', { name: gallery.next }).first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(gallery.counter(2, 5))).toBeVisible();
  await page.getByRole('button', { name: gallery.seeAll }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByText(gallery.viewerCounter(2, 5))).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText(gallery.viewerCounter(3, 5))).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByText(gallery.viewerCounter(5, 5))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  await expect(page.getByRole('region', { name: detail.similar }).locator('article')).toHaveCount(3);

  await page.getByRole('button', { name: detail.showPhone }).click();
  await expect(page.getByRole('dialog', { name: detail.loginTitle })).toBeVisible();
  await page.getByRole('link', { name: detail.toLogin }).click();
  await expect(page).toHaveURL(/\/auth\?mode=login&next=%2Fbedrift%2F/);
});

test('detail: signed-in users reveal the seller’s phone and e-mail; an unknown id shows not found', async ({ page }) => {
  await signUpAndConfirm(page);
  // The demo plumber is a confidential sale (its seller is never revealed); the web shop is not.
  await page.goto('/alle-annonser?q=nettbutikk');
  await page.getByRole('link', { name: 'Nettbutikk for friluftsutstyr' }).click();
  await page.getByRole('button', { name: detail.showPhone }).click();
  await expect(page.getByRole('button', { name: '+47 912 34 567' })).toBeVisible();
  await page.getByRole('button', { name: detail.showEmail }).click();
  await expect(page.getByRole('button', { name: 'selger@bedriftstorget.no' })).toBeVisible();
  await page.getByRole('button', { name: '+47 912 34 567' }).click();
  await expect(page.getByRole('button', { name: detail.showPhone })).toBeVisible();

  await page.goto(`/bedrift/${crypto.randomUUID()}`);
  await expect(page.getByRole('heading', { name: detail.notFoundTitle })).toBeVisible();
  await page.goto('/bedrift/mock-listing-id');
  await expect(page.getByRole('heading', { name: detail.notFoundTitle })).toBeVisible();
});

test('a sold listing cannot be contacted', async ({ page }) => {
  await page.goto('/alle-annonser?q=treningssenter');
  await page.getByRole('link', { name: 'Treningssenter med 600 medlemmer' }).click();
  await expect(page.getByRole('button', { name: detail.contactSeller })).toBeDisabled();
  await expect(page.locator('main').getByText('Solgt').first()).toBeVisible();
});

test('favourites: a visitor is asked to sign in', async ({ page }) => {
  await page.goto('/alle-annonser');
  await page.getByRole('button', { name: favorites.save }).first().click();
  await expect(page.getByText(favorites.loginTitle)).toBeVisible();
  await expect(page.getByText(favorites.loginText)).toBeVisible();
  await expect(page.getByRole('button', { name: favorites.unsave })).toHaveCount(0);
});

test('favourites: save, see the count, list them sorted, and remove', async ({ page }) => {
  await signUpAndConfirm(page);
  await page.goto('/alle-annonser?sortering=price_desc');
  await settled(page);
  const first = page.locator('main article').nth(0);
  const second = page.locator('main article').nth(1);
  const firstTitle = await first.locator('h3').innerText();
  await first.getByRole('button', { name: favorites.save }).click();
  await expect(page.getByText(favorites.savedTitle)).toBeVisible();
  await expect(first.getByRole('button', { name: favorites.unsave })).toHaveAttribute('aria-pressed', 'true');
  await second.getByRole('button', { name: favorites.save }).click();

  await page.getByRole('button', { name: nav.myAccount }).click();
  await expect(page.getByRole('menuitem', { name: /^Lagrede(?! søk)/ }).getByTestId('count-badge')).toHaveText('2');
  await page.getByRole('menuitem', { name: /^Lagrede(?! søk)/ }).click();
  await expect(page).toHaveURL(/\/lagrede-annonser$/);
  await expect(page.locator('main article')).toHaveCount(2);
  await page.getByLabel(favorites.sortLabel).selectOption('price_desc');
  await expect(page.locator('main article h2').first()).toHaveText(firstTitle);
  await expect(page.locator('main article').first()).toContainText(/\d\skr/);

  await page.locator('main article').first().getByRole('button', { name: favorites.unsave }).click();
  await expect(page.getByText(favorites.removedTitle)).toBeVisible();
  await expect(page.locator('main article')).toHaveCount(1);
});

test('favourites: the Lagrede count updates live in another tab', async ({ page, context }) => {
  await signUpAndConfirm(page);
  const other = await context.newPage();
  // The stream is open before anything changes.
  const streamOpen = other.waitForResponse((response) => response.url().endsWith('/realtime'));
  await other.goto('/lagrede-annonser');
  await expect(other.getByRole('heading', { name: favorites.emptyTitle })).toBeVisible();
  await streamOpen;

  await page.goto('/alle-annonser');
  await settled(page);
  await page.locator('main article').first().getByRole('button', { name: favorites.save }).click();
  await expect(page.getByText(favorites.savedTitle)).toBeVisible();

  await expect(other.locator('main article')).toHaveCount(1);
  await other.getByRole('button', { name: nav.myAccount }).click();
  await expect(other.getByRole('menuitem', { name: /^Lagrede(?! søk)/ }).getByTestId('count-badge')).toHaveText('1');
  await other.keyboard.press('Escape');

  await page.locator('main article').first().getByRole('button', { name: favorites.unsave }).click();
  await expect(other.getByRole('heading', { name: favorites.emptyTitle })).toBeVisible();
});
