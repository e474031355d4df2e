import { readFile } from 'node:fs/promises';
import { DEFAULT_SETTINGS } from '@bedriftstorget/core/settings/schemas';
import { expect, test, type Page } from '@playwright/test';
import { formatDate } from '@bedriftstorget/core/format/nb';
import { industryLabels } from '@bedriftstorget/core/listing/labels';
import { adminCommon, adminListings, adminLog, adminStatusLabels, adminUsers, listingEdit, loggedActions, overview, rejectDialog, reviewMail } from '@bedriftstorget/core/texts/admin';
import { listing as listingRules } from '@bedriftstorget/core/texts/listing-validation';
import { admin, auth } from '@bedriftstorget/core/texts/nb';
import { closeE2eDb, DEMO_ADMIN, DEMO_SELLER_EMAIL, daysAgo, deleteListing, imageIdOf, insertListing, listingStatus, setStatus } from './admin-fixtures';
import { E2E } from './env';
import { latestMail, signUpAndConfirm, uniqueEmail } from './helpers';

test.afterAll(closeE2eDb);

const word = () => `adm${crypto.randomUUID().replace(/-/g, '').slice(0, 8)}`;

async function signInAsAdmin(page: Page, path: string): Promise<void> {
  await page.goto('/auth?mode=login');
  await page.getByLabel(auth.email).fill(DEMO_ADMIN.email);
  await page.getByLabel(auth.password).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: auth.loginButton }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  // Live updates need the stream: wait until the server has accepted it.
  const live = page.waitForResponse((response) => new URL(response.url()).pathname === '/realtime');
  await page.goto(path);
  await expect(page.getByText(admin.panel, { exact: true })).toBeVisible();
  await live;
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const queue = (page: Page) => page.getByRole('table', { name: overview.queueTitle });
const listingsTable = (page: Page) => page.getByRole('table', { name: adminListings.title });
const bulkBar = (page: Page) => page.getByRole('toolbar', { name: adminCommon.selection });

test.describe('access', () => {
  const paths = ['/admin', '/admin/pending', '/admin/annonser', '/admin/brukere', '/admin/logg'];

  test('visitors and signed-in non-admins see Ingen tilgang on every admin screen, and the API refuses them', async ({ page }) => {
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: admin.noAccessTitle })).toBeVisible();
    }
    expect((await page.request.get('/trpc/admin.overview.stats')).status()).toBe(401);
    await signUpAndConfirm(page);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: admin.noAccessTitle })).toBeVisible();
      await expect(page.getByText(admin.noAccessText)).toBeVisible();
    }
    for (const call of ['admin.overview.stats', 'admin.overview.queue', 'admin.log.list', `admin.users.list?input=${encodeURIComponent('{}')}`]) {
      const response = await page.request.get(`/trpc/${call}`);
      expect(response.status(), call).toBe(403);
    }
  });

  test('the sidebar reaches every screen; /admin and /admin/pending show the overview', async ({ page }) => {
    await signInAsAdmin(page, '/admin');
    const sidebar = page.getByRole('navigation', { name: admin.panel });
    await expect(page.getByRole('heading', { name: overview.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: overview.queueTitle })).toBeVisible();
    const targets: [string, RegExp, string][] = [
      [admin.pending, /\/admin\/pending$/, overview.queueTitle],
      [admin.listings, /\/admin\/annonser$/, adminListings.title],
      [admin.users, /\/admin\/brukere$/, adminUsers.title],
      [admin.log, /\/admin\/logg$/, adminLog.title],
      [admin.dashboard, /\/admin$/, overview.title],
    ];
    for (const [link, url, heading] of targets) {
      await sidebar.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
  });
});

test.describe('overview and review queue', () => {
  test('stat cards and the oldest pending listings with their age; approve and reject one', async ({ page }) => {
    const w = word();
    const old = await insertListing(DEMO_SELLER_EMAIL, { title: `Første ${w}`, createdAt: daysAgo(400) });
    const second = await insertListing(DEMO_SELLER_EMAIL, { title: `Andre ${w}`, createdAt: daysAgo(399) });
    await signInAsAdmin(page, '/admin');

    const pendingCard = page.locator('[data-stat="pending"] dd');
    await expect(pendingCard).toHaveText(/^\d+$/);
    const pendingBefore = Number(await pendingCard.innerText());
    // The overdue card names the promise setting's hours (the default).
    for (const label of Object.values(overview.stats)) await expect(page.getByText(typeof label === 'function' ? label(DEFAULT_SETTINGS.reviewPromiseHours) : label, { exact: true })).toBeVisible();

    const rows = queue(page).locator('tbody tr');
    expect(await rows.count()).toBeLessThanOrEqual(10);
    await expect(rows.nth(0)).toContainText(`Første ${w}`);
    await expect(rows.nth(1)).toContainText(`Andre ${w}`);
    await expect(rows.nth(0)).toHaveAttribute('data-overdue', 'true');
    await expect(rows.nth(0)).toContainText(overview.overdue);
    await expect(rows.nth(0)).toContainText('400 d 0 t');

    await row(page, `Første ${w}`).getByRole('button', { name: overview.approve }).click();
    await expect(toast(page, overview.approved)).toBeVisible();
    await expect(row(page, `Første ${w}`)).toHaveCount(0);
    await expect(pendingCard).toHaveText(String(pendingBefore - 1));
    const published = await latestMail(DEMO_SELLER_EMAIL, reviewMail.publishedSubject(`Første ${w}`));
    expect(published.links).toEqual([`${E2E.appUrl}/bedrift/${old}`]);

    // Reject asks for a reason first: Avbryt leaves it pending, focus back on Avslå.
    const rejectButton = row(page, `Andre ${w}`).getByRole('button', { name: overview.reject });
    await rejectButton.click();
    const dialog = page.getByRole('dialog', { name: rejectDialog.title });
    await dialog.getByRole('button', { name: adminCommon.cancel }).click();
    await expect(dialog).toHaveCount(0);
    await expect(rejectButton).toBeFocused();
    expect(await listingStatus(second)).toBe('pending');
    await rejectButton.click();
    // 'Annet' needs a note: the message sits under the field and focus moves there.
    await dialog.getByRole('radio', { name: rejectDialog.reasons.other }).check();
    await dialog.getByRole('button', { name: rejectDialog.confirm }).click();
    await expect(dialog.getByLabel(rejectDialog.note)).toBeFocused();
    await expect(dialog.getByLabel(rejectDialog.note)).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toContainText(rejectDialog.noteRequired);
    await dialog.getByLabel(rejectDialog.note).fill('Bildene viser en annen bedrift.');
    await dialog.getByRole('button', { name: rejectDialog.confirm }).click();
    await expect(toast(page, overview.rejected)).toBeVisible();
    await expect(row(page, `Andre ${w}`)).toHaveCount(0);
    expect(await listingStatus(second)).toBe('rejected');
    const rejected = await latestMail(DEMO_SELLER_EMAIL, reviewMail.rejectedSubject(`Andre ${w}`));
    expect(rejected.text).toContain(`Grunn: ${rejectDialog.reasons.other}\nBildene viser en annen bedrift.`);
    await page.goto('/admin/logg');
    await expect(row(page, loggedActions.rejectedListing).first()).toContainText(`${adminLog.reason}: ${rejectDialog.reasons.other}: Bildene viser en annen bedrift.`);
  });

  test('bulk approve and reject with a selection; a listing already handled gives Kunne ikke godkjenne annonse', async ({ page }) => {
    const w = word();
    for (let i = 0; i < 4; i += 1) await insertListing(DEMO_SELLER_EMAIL, { title: `Bulk ${i} ${w}`, createdAt: daysAgo(300, i) });
    const gone = await insertListing(DEMO_SELLER_EMAIL, { title: `Allerede ${w}`, createdAt: daysAgo(300, 10) });
    await signInAsAdmin(page, '/admin/pending');

    await expect(bulkBar(page)).toHaveCount(0);
    await queue(page).getByRole('checkbox', { name: adminCommon.selectRow(`Bulk 3 ${w}`) }).check();
    await queue(page).getByRole('checkbox', { name: adminCommon.selectRow(`Bulk 2 ${w}`) }).check();
    await expect(bulkBar(page)).toContainText(adminCommon.selected(2));
    await bulkBar(page).getByRole('button', { name: overview.approveSelected }).click();
    await expect(toast(page, overview.approvedMany(2))).toBeVisible();
    await expect(row(page, `Bulk 3 ${w}`)).toHaveCount(0);
    await expect(bulkBar(page)).toHaveCount(0);

    await queue(page).getByRole('checkbox', { name: adminCommon.selectRow(`Bulk 1 ${w}`) }).check();
    await queue(page).getByRole('checkbox', { name: adminCommon.selectRow(`Bulk 0 ${w}`) }).check();
    await bulkBar(page).getByRole('button', { name: overview.rejectSelected }).click();
    const dialog = page.getByRole('dialog', { name: rejectDialog.titleMany(2) });
    await dialog.getByRole('button', { name: rejectDialog.confirm }).click();
    await expect(dialog).toContainText(rejectDialog.reasonRequired);
    await dialog.getByRole('radio', { name: rejectDialog.reasons.duplicate }).check();
    await dialog.getByRole('button', { name: rejectDialog.confirm }).click();
    await expect(toast(page, overview.rejectedMany(2))).toBeVisible();
    await expect(row(page, `Bulk 0 ${w}`)).toHaveCount(0);

    // Another admin approved it a moment ago; this screen has not heard yet.
    await setStatus(gone, 'active');
    await row(page, `Allerede ${w}`).getByRole('button', { name: overview.approve }).click();
    await expect(toast(page, overview.approveFailed)).toBeVisible();
    await expect(row(page, `Allerede ${w}`)).toHaveCount(0);
  });

  test('the queue updates live when another admin approves and when a seller sends a listing back to review', async ({ page, browser }) => {
    test.slow(); // three browsers sign in
    const w = word();
    await insertListing(DEMO_SELLER_EMAIL, { title: `Live ${w}`, createdAt: daysAgo(200) });
    await signInAsAdmin(page, '/admin');
    await expect(row(page, `Live ${w}`)).toBeVisible();

    const other = await browser.newPage();
    await signInAsAdmin(other, '/admin');
    await row(other, `Live ${w}`).getByRole('button', { name: overview.approve }).click();
    await expect(toast(other, overview.approved)).toBeVisible();
    await expect(row(page, `Live ${w}`)).toHaveCount(0);
    await other.close();

    // A seller edits the published listing: the edit waits for review and appears without a reload (decision 086).
    const seller = await browser.newPage();
    const { email } = await signUpAndConfirm(seller, uniqueEmail('selger'));
    const own = await insertListing(email, { title: `Tilbake ${w}`, status: 'active', createdAt: daysAgo(199) });
    const imageId = await imageIdOf(own);
    const fields = {
      title: `Tilbake ${w}`, industry: 'services', location: 'Oslo',
      description: 'En solid bedrift med faste kunder, gode rutiner og lang historie i markedet her.',
      price: null, revenue: null, profit: null, ownerSalary: null, debt: null, equityPercent: null, growthPercent: null, employees: null,
      established: null, premisesSize: null, ownPremises: null, companyForm: null, activeCustomers: null, recurringRevenue: null,
      ownerDependency: null, contractObligations: null, includedInSale: [], ownerComment: null,
    };
    const status = await seller.evaluate(async (body) => {
      const response = await fetch('/trpc/seller.update', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return response.status;
    }, { id: own, fields, images: [{ imageId }] });
    expect(status).toBe(200);
    await expect(page.getByRole('region', { name: overview.revisionTitle }).getByRole('article', { name: `Tilbake ${w}` })).toBeVisible();
    await seller.close();
  });
});

test.describe('admin listings', () => {
  test('filters on the server, shows the columns, money in full kroner, Norwegian dates and status colours; pages', async ({ page }) => {
    const w = word();
    await insertListing(DEMO_SELLER_EMAIL, { title: `Tabell A ${w}`, industry: 'craft', location: 'Bergen', revenue: 4_800_000, profit: -250_000, status: 'pending', createdAt: new Date('2025-03-04T10:00:00Z') });
    await insertListing(DEMO_SELLER_EMAIL, { title: `Tabell B ${w}`, industry: 'tech', status: 'sold', featured: true });
    await insertListing(DEMO_SELLER_EMAIL, { title: `Tabell C ${w}`, industry: 'tech', status: 'rejected' });
    await signInAsAdmin(page, '/admin/annonser');
    await expect(page.getByRole('heading', { name: adminListings.title, exact: true })).toBeVisible();

    // Waited for, as the table may come after the heading.
    await expect(listingsTable(page).locator('thead th')).toHaveText(['', ...Object.values(adminListings.columns)]);
    await expect(listingsTable(page).locator('thead input[type=checkbox]')).toHaveAccessibleName(adminCommon.selectAll);
    // The seed has more than a page of listings.
    await expect(page.getByText(/^Viser 1–25 av \d+$/)).toBeVisible();
    await page.getByRole('button', { name: adminCommon.nextPage }).click();
    await expect(page.getByText(/^Viser 26–\d+ av \d+$/)).toBeVisible();

    await page.getByPlaceholder(adminListings.search).fill(w);
    await expect(listingsTable(page).locator('tbody tr')).toHaveCount(3);
    await expect(page.getByText('Viser 1–3 av 3')).toBeVisible();
    const a = row(page, `Tabell A ${w}`);
    await expect(a).toContainText(industryLabels.craft);
    await expect(a).toContainText('Bergen');
    await expect(a).toContainText('4 800 000 kr');
    await expect(a).toContainText(/[−-]250\s000\skr/);
    await expect(a).toContainText(formatDate('2025-03-04T10:00:00Z'));
    await expect(a.getByText(adminStatusLabels.pending, { exact: true })).toHaveAttribute('data-tone', 'warning');
    await expect(row(page, `Tabell B ${w}`).getByText(adminStatusLabels.sold, { exact: true })).toHaveAttribute('data-tone', 'danger');
    await expect(row(page, `Tabell B ${w}`)).toContainText(adminListings.featuredYes);
    await expect(row(page, `Tabell B ${w}`).getByRole('cell', { name: '–' }).first()).toBeVisible();
    // Rejected is red, never the published colour.
    await expect(row(page, `Tabell C ${w}`).getByText(adminStatusLabels.rejected, { exact: true })).toHaveAttribute('data-tone', 'danger');

    await page.getByLabel(adminListings.statusFilter).selectOption('sold');
    await expect(listingsTable(page).locator('tbody tr')).toHaveCount(1);
    await expect(row(page, `Tabell B ${w}`)).toBeVisible();
    await page.getByLabel(adminListings.statusFilter).selectOption('all');
    await page.getByLabel(adminListings.industryFilter).selectOption('tech');
    await expect(listingsTable(page).locator('tbody tr')).toHaveCount(2);
    await page.getByLabel(adminListings.industryFilter).selectOption('fitness');
    await expect(page.getByText(adminListings.empty)).toBeVisible();
  });

  test('row actions: set active, archive and delete with confirmation; a waiting listing is approved in the queue', async ({ page }) => {
    const w = word();
    const id = await insertListing(DEMO_SELLER_EMAIL, { title: `Rad ${w}`, status: 'archived' });
    await insertListing(DEMO_SELLER_EMAIL, { title: `Venter ${w}`, status: 'pending' });
    await signInAsAdmin(page, '/admin/annonser');
    await page.getByPlaceholder(adminListings.search).fill(w);
    // The search's answer re-renders the table: a click on the row before it arrives can be lost.
    await expect(page.getByText(adminCommon.pageInfo(1, 2, 2))).toBeVisible();
    // Decision 106: no 'Sett aktiv' on a listing waiting for review, a link to the queue instead.
    const waiting = row(page, `Venter ${w}`);
    await expect(waiting.getByRole('button', { name: adminListings.setActive })).toHaveCount(0);
    await expect(waiting.getByRole('link', { name: adminListings.inQueue })).toHaveAttribute('href', '/admin/pending');
    const r = row(page, `Rad ${w}`);
    await r.getByRole('button', { name: adminListings.setActive }).click();
    await expect(toast(page, adminListings.updated)).toBeVisible();
    await expect(r.getByText(adminStatusLabels.active, { exact: true })).toHaveAttribute('data-tone', 'success');
    await r.getByRole('button', { name: adminListings.archive }).click();
    await expect(r.getByText(adminStatusLabels.archived, { exact: true })).toHaveAttribute('data-tone', 'danger');

    await r.getByRole('button', { name: adminListings.delete }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(adminListings.confirmDelete);
    await dialog.getByRole('button', { name: adminCommon.cancel }).click();
    await expect(dialog).toHaveCount(0);
    expect(await listingStatus(id)).toBe('archived');
    await r.getByRole('button', { name: adminListings.delete }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: adminListings.delete }).click();
    await expect(toast(page, adminListings.deleted)).toBeVisible();
    await expect(r).toHaveCount(0);
    expect(await listingStatus(id)).toBeNull();
  });

  test('Rediger annonse: keyboard-usable, validated like the wizard, saved with Lagre', async ({ page }) => {
    const w = word();
    // Archived: a waiting listing is made active only from the queue (decision 106).
    await insertListing(DEMO_SELLER_EMAIL, { title: `Rediger ${w}`, status: 'archived', revenue: 1_000_000 });
    await signInAsAdmin(page, '/admin/annonser');
    await page.getByPlaceholder(adminListings.search).fill(w);
    await expect(page.getByText(adminCommon.pageInfo(1, 1, 1))).toBeVisible();
    const edit = row(page, `Rediger ${w}`).getByRole('button', { name: adminListings.edit });
    await edit.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: listingEdit.title });
    await expect(dialog.getByLabel(listingEdit.fields.title)).toHaveValue(`Rediger ${w}`);
    for (const label of Object.values(listingEdit.fields)) await expect(dialog.getByLabel(label, { exact: true })).toBeVisible();
    await expect(dialog.getByLabel(listingEdit.fields.description)).toHaveAttribute('rows', '4');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(edit).toBeFocused();

    await edit.click();
    await dialog.getByLabel(listingEdit.fields.title).fill('Kort');
    await dialog.getByLabel(listingEdit.fields.description).fill('For kort');
    await dialog.getByRole('button', { name: adminCommon.save }).click();
    await expect(dialog.getByText(listingRules.titleMin)).toBeVisible();
    await expect(dialog.getByText(listingRules.descriptionMin)).toBeVisible();

    await dialog.getByLabel(listingEdit.fields.title).fill(`Redigert ${w}`);
    await dialog.getByLabel(listingEdit.fields.description).fill('En helt ny beskrivelse av bedriften som er lang nok til å bli godkjent av reglene.');
    await dialog.getByLabel(listingEdit.fields.revenue).fill('7250000');
    await dialog.getByLabel(listingEdit.fields.profit).fill('');
    await dialog.getByLabel(listingEdit.fields.status).selectOption('active');
    await dialog.getByLabel(listingEdit.fields.featured).check();
    await dialog.getByRole('button', { name: adminCommon.save }).click();
    await expect(toast(page, adminListings.updated)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const saved = row(page, `Redigert ${w}`);
    await expect(saved).toContainText('7 250 000 kr');
    await expect(saved).toContainText(adminStatusLabels.active);
    await expect(saved).toContainText(adminListings.featuredYes);
  });

  test('bulk actions on a selection, Slett {n} annonser? and Feil when one listing is gone', async ({ page }) => {
    const w = word();
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push(await insertListing(DEMO_SELLER_EMAIL, { title: `Masse ${i} ${w}`, status: 'pending' }));
    await signInAsAdmin(page, '/admin/annonser');
    await page.getByPlaceholder(adminListings.search).fill(w);
    await expect(listingsTable(page).locator('tbody tr')).toHaveCount(3);
    await expect(bulkBar(page)).toHaveCount(0);
    await listingsTable(page).getByRole('checkbox', { name: adminCommon.selectAll }).check();
    await expect(bulkBar(page)).toContainText(adminCommon.selected(3));

    const steps: [string, string][] = [
      [adminListings.feature, adminListings.featuredYes],
      [adminListings.archive, adminStatusLabels.archived],
      [adminListings.markSold, adminStatusLabels.sold],
      [adminListings.setActive, adminStatusLabels.active],
    ];
    for (const [button, shown] of steps) {
      if ((await bulkBar(page).count()) === 0) await listingsTable(page).getByRole('checkbox', { name: adminCommon.selectAll }).check();
      await bulkBar(page).getByRole('button', { name: button }).click();
      await expect(toast(page, adminListings.updatedMany(3))).toBeVisible();
      for (let i = 0; i < 3; i += 1) await expect(row(page, `Masse ${i} ${w}`)).toContainText(shown);
    }

    await listingsTable(page).getByRole('checkbox', { name: adminCommon.selectRow(`Masse 0 ${w}`) }).check();
    await listingsTable(page).getByRole('checkbox', { name: adminCommon.selectRow(`Masse 1 ${w}`) }).check();
    await deleteListing(ids[1]!);
    await bulkBar(page).getByRole('button', { name: adminListings.archive }).click();
    await expect(toast(page, adminCommon.error)).toBeVisible();
    // All or nothing: the listing that still exists was not archived either.
    expect(await listingStatus(ids[0]!)).toBe('active');

    await page.reload();
    await page.getByPlaceholder(adminListings.search).fill(w);
    await expect(listingsTable(page).locator('tbody tr')).toHaveCount(2);
    await listingsTable(page).getByRole('checkbox', { name: adminCommon.selectAll }).check();
    await bulkBar(page).getByRole('button', { name: adminListings.delete }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(adminListings.confirmBulkDelete(2));
    await dialog.getByRole('button', { name: adminListings.delete }).click();
    await expect(toast(page, adminListings.updatedMany(2))).toBeVisible();
    await expect(page.getByText(adminListings.empty)).toBeVisible();
  });

  test('Eksporter CSV downloads annonser.csv of the filtered rows, ready for Excel with Norwegian letters', async ({ page }) => {
    const w = word();
    const cafe = await insertListing(DEMO_SELLER_EMAIL, {
      title: `Kafé "Blåbær", Ærø og Øst ${w}`, industry: 'restaurant', location: 'Tromsø', price: 1_750_000, revenue: 2_500_000, profit: 310_000.5, status: 'active', featured: true,
      createdAt: new Date('2025-06-01T08:00:00Z'),
    });
    await insertListing(DEMO_SELLER_EMAIL, { title: `Annen ${w}`, status: 'archived', createdAt: new Date('2025-05-01T08:00:00Z') });
    await signInAsAdmin(page, '/admin/annonser');
    await page.getByPlaceholder(adminListings.search).fill(w);
    await page.getByLabel(adminListings.statusFilter).selectOption('active');
    await expect(listingsTable(page).locator('tbody tr')).toHaveCount(1);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: adminListings.exportCsv }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('annonser.csv');
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('Tittel;Bransje;Sted;Pris;Omsetning;Resultat;Status;Fremhevet;Opprettet;Eierens e-post;Lenke');
    expect(lines[1]).toBe(`"Kafé ""Blåbær"", Ærø og Øst ${w}";Restaurant & Mat;Tromsø;1750000;2500000;310000,50;Aktiv;Ja;01.06.2025;${DEMO_SELLER_EMAIL};${E2E.appUrl}/bedrift/${cafe}`);
    expect(lines.slice(2)).toEqual(['']);
  });
});

test.describe('admin users and log', () => {
  test('Brukere: case-insensitive search, Ikke satt, listing count, and Rediger bruker', async ({ page, browser }) => {
    const w = word();
    const other = await browser.newPage();
    const { email } = await signUpAndConfirm(other, uniqueEmail(`kunde-${w}`));
    await other.close();
    await insertListing(email, { title: `Brukers ${w}`, status: 'pending' });
    await signInAsAdmin(page, '/admin/brukere');
    await expect(page.getByRole('heading', { name: adminUsers.title, exact: true })).toBeVisible();
    // Waited for: the heading shows before the table's first page has loaded (allInnerTexts would read none).
    await expect(page.getByRole('table', { name: adminUsers.title }).locator('thead th')).toHaveText(Object.values(adminUsers.columns));

    await page.getByPlaceholder(adminUsers.search).fill(`KUNDE-${w.toUpperCase()}`);
    const r = row(page, email);
    await expect(r).toHaveCount(1);
    await expect(page.getByRole('table', { name: adminUsers.title }).locator('tbody tr')).toHaveCount(1);
    await expect(r.getByRole('cell').nth(0)).toHaveText(adminUsers.notSet);
    // Navn, E-post, Vipps, Type, Plan, Annonser.
    await expect(r.getByRole('cell').nth(5)).toHaveText('1');

    await r.getByRole('button', { name: adminUsers.editFor(email) }).click();
    const dialog = page.getByRole('dialog', { name: adminUsers.editTitle });
    for (const label of Object.values(adminUsers.fields)) await expect(dialog.getByLabel(label)).toBeVisible();
    await dialog.getByLabel(adminUsers.fields.maxListings).fill('-2');
    await dialog.getByRole('button', { name: adminCommon.save }).click();
    await expect(dialog.getByText(adminUsers.maxListingsInvalid)).toBeVisible();
    await dialog.getByLabel(adminUsers.fields.fullName).fill(`Åse ${w}`);
    await dialog.getByLabel(adminUsers.fields.companyName).fill('Ærlig AS');
    await dialog.getByLabel(adminUsers.fields.userType).selectOption('broker');
    await dialog.getByLabel(adminUsers.fields.plan).selectOption('pro');
    await dialog.getByLabel(adminUsers.fields.maxListings).fill('12');
    await dialog.getByRole('button', { name: adminCommon.save }).click();
    await expect(toast(page, adminUsers.updated)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(r.getByRole('cell').nth(0)).toHaveText(`Åse ${w}`);
    await expect(r).toContainText(adminUsers.userTypes.broker);
    await expect(r).toContainText(adminUsers.plans.pro);

    // The search also finds the name, in any case.
    await page.getByPlaceholder(adminUsers.search).fill(`åse ${w}`);
    await expect(row(page, email)).toHaveCount(1);
  });

  test("Admin logg lists the newest entries with admin, coloured type, action and what it concerns by name (the id in its tooltip)", async ({ page }) => {
    const w = word();
    // Archived: 'Sett aktiv' on a pending one would also log an approval (decision 086).
    const id = await insertListing(DEMO_SELLER_EMAIL, { title: `Logget ${w}`, status: 'archived' });
    await signInAsAdmin(page, '/admin/annonser');
    await page.getByPlaceholder(adminListings.search).fill(w);
    // As above: wait for the search's answer, or the click can land while the table is busy and be lost.
    await expect(page.getByText(adminCommon.pageInfo(1, 1, 1))).toBeVisible();
    await row(page, `Logget ${w}`).getByRole('button', { name: adminListings.setActive }).click();
    await expect(toast(page, adminListings.updated)).toBeVisible();

    await page.getByRole('navigation', { name: admin.panel }).getByRole('link', { name: admin.log }).click();
    await expect(page.getByRole('heading', { name: adminLog.title })).toBeVisible();
    const table = page.getByRole('table', { name: adminLog.title });
    await expect(table.locator('thead th')).toHaveCount(Object.values(adminLog.columns).length);
    expect((await table.locator('thead th').allInnerTexts()).map((h) => h.trim())).toEqual(Object.values(adminLog.columns));
    const entry = table.locator('tbody tr').first();
    await expect(entry).toContainText(DEMO_ADMIN.name);
    await expect(entry).toContainText(DEMO_ADMIN.email);
    await expect(entry).toContainText('Oppdaterte annonse');
    const target = entry.getByRole('cell').last();
    await expect(target).toHaveText(`Logget ${w}`);
    await expect(target).toHaveAttribute('title', id);
    await expect(entry.getByText(adminLog.types.listing!, { exact: true })).toHaveAttribute('data-colour', 'blue');
    await expect(entry.getByRole('cell').nth(0)).toHaveText(/^\d{2}\.\d{2}\.\d{4},? \d{2}:\d{2}$/);
    expect(await table.locator('tbody tr').count()).toBeLessThanOrEqual(100);
  });
});

test('on a phone and on a laptop the admin tables scroll sideways inside the page, not the page itself', async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    if (width === 390) await signInAsAdmin(page, '/admin/annonser');
    else await page.reload();
    await expect(listingsTable(page).locator('tbody tr').first()).toBeVisible();
    const sizes = await listingsTable(page)
      .locator('xpath=..')
      .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, page: document.documentElement.scrollWidth }));
    expect(sizes.scroll, `table at ${width}`).toBeGreaterThan(sizes.client);
    expect(sizes.page, `page at ${width}`).toBeLessThanOrEqual(width);
    await expect(page.getByRole('button', { name: adminListings.exportCsv })).toBeInViewport();
  }
});
