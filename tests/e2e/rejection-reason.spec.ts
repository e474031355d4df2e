import { expect, test } from '@playwright/test';
import { listingRevisions } from '@bedriftstorget/core/listing/revision.sql';
import { rejectDialog } from '@bedriftstorget/core/texts/admin';
import { myListings, wizard } from '@bedriftstorget/core/texts/seller';
import { closeE2eDb, e2eDb, insertListing } from './admin-fixtures';
import { signUpAndConfirm } from './helpers';

test.afterAll(closeE2eDb);

/**
 * Decision 087 in the browser: a seller reads why staff rejected a listing, or the last edit of a
 * published one, in /mine-annonser (not only in the mail), and goes from there to the wizard.
 */
const word = () => `avs${crypto.randomUUID().replace(/-/g, '').slice(0, 8)}`;

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`a rejection's reason shows on the listing in Mine annonser, with the way back to the wizard (${viewport.width} px)`, async ({ page }) => {
    const w = word();
    const { email } = await signUpAndConfirm(page);
    // After signing up: on a phone the account button sign-up waits for sits in the menu.
    await page.setViewportSize(viewport);
    const rejected = await insertListing(email, { title: `Avslått annonse ${w}`, status: 'rejected', rejectReason: 'incomplete', rejectNote: 'Legg ved siste regnskap.' });
    const published = await insertListing(email, { title: `Publisert annonse ${w}`, status: 'active', publishedAt: new Date(), expiresAt: new Date(Date.now() + 30 * 86_400_000) });
    await e2eDb().insert(listingRevisions).values({
      listingId: published,
      status: 'rejected',
      fields: { title: `Avvist endring ${w}` } as typeof listingRevisions.$inferInsert.fields,
      images: [],
      rejectReason: 'misleading',
      decidedAt: new Date(),
    });
    await insertListing(email, { title: `Ventende annonse ${w}`, status: 'pending' });

    await page.goto('/mine-annonser');
    const rejectedCard = page.getByTestId('my-listing').filter({ hasText: `Avslått annonse ${w}` });
    await expect(rejectedCard.getByText(myListings.rejected(rejectDialog.reasons.incomplete!), { exact: true })).toBeVisible();
    await expect(rejectedCard.getByText(myListings.rejectedNote('Legg ved siste regnskap.'), { exact: true })).toBeVisible();
    const revisedCard = page.getByTestId('my-listing').filter({ hasText: `Publisert annonse ${w}` });
    await expect(revisedCard.getByText(myListings.rejected(rejectDialog.reasons.misleading!), { exact: true })).toBeVisible();
    await expect(page.getByTestId('my-listing').filter({ hasText: `Ventende annonse ${w}` }).getByTestId('rejection')).toHaveCount(0);

    // The action fits the card on a phone: fully inside the viewport's width.
    const action = rejectedCard.getByRole('link', { name: 'Rediger og send inn på nytt', exact: true });
    await action.scrollIntoViewIfNeeded();
    const box = await action.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    await action.click();
    await expect(page).toHaveURL(new RegExp(`/legg-ut-annonse\\?edit=${rejected}$`));
    await expect(page.getByRole('heading', { name: wizard.editTitle })).toBeVisible();
    await expect(page.getByLabel(wizard.fields.title)).toHaveValue(`Avslått annonse ${w}`);
  });
}
