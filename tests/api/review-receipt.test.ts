import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '@bedriftstorget/core/mail/mail.sql';
import { DEFAULT_SETTINGS } from '@bedriftstorget/core/settings/schemas';
import { appSettings } from '@bedriftstorget/core/settings/settings.sql';
import { reviewMail } from '@bedriftstorget/core/texts/admin';
import { signedInAdmin } from './admin-helpers';
import { suppressAddress } from '@bedriftstorget/api/mail/suppression';
import { db } from './harness';
import { edit, published } from './revision-helpers';
import { fields, seller, upload } from './seller-helpers';

afterEach(() => db.update(appSettings).set(DEFAULT_SETTINGS).where(eq(appSettings.id, 1)));

/** The receipts in the outbox to one address, oldest first. */
const receiptsTo = (email: string) =>
  db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'review_receipt'))).orderBy(mailOutbox.createdAt);

/** 'Vi har mottatt annonsen din' (decision 146): every submit for review is answered with the promise's hours. */
describe('the receipt of a submit for review', () => {
  it('a new listing: one receipt in the outbox, sent, naming the hours the setting holds', async () => {
    const s = await seller();
    const admin = await signedInAdmin(s.h);
    await admin.browser.call((c) => c.admin.settings.update({ ...DEFAULT_SETTINGS, reviewPromiseHours: 36 }));
    const id = crypto.randomUUID();
    const image = await upload(s.browser, id);
    const submit = () => s.browser.call((c) => c.seller.create({ id, fields: { ...fields, title: 'Bakeri i Bodø' }, images: [{ uploadId: image.uploadId }] }));
    await submit();
    // A retried submit (the same id) is the same listing: no second receipt.
    await submit();
    const [receipt, ...more] = await receiptsTo(s.email);
    expect(more).toEqual([]);
    expect(receipt!.subject).toBe('Vi har mottatt annonsen din');
    expect(receipt!.body).toContain('«Bakeri i Bodø»');
    expect(receipt!.body).toContain('innen 36 timer');
    expect(receipt!.body).not.toContain('24 timer');
    expect(receipt!.status).toBe('sent');
    expect(s.h.mailer.to(s.email).map((mail) => mail.subject)).toContain(reviewMail.receiptSubject);
    // Saved again before review: a submit too, so a second receipt.
    await s.browser.call((c) => c.seller.update({ id, fields: { ...fields, title: 'Bakeri i Bodø sentrum' }, images: [{ uploadId: image.uploadId }] }));
    const again = await receiptsTo(s.email);
    expect(again).toHaveLength(2);
    expect(again[1]!.body).toBe(reviewMail.receiptText('Bakeri i Bodø sentrum', `${s.h.config.appUrl}/mine-annonser`, 36));
  });

  it('an edit of a published listing: its receipt says the listing stays as it is, with the hours as they are now', async () => {
    const w = await published('active');
    const [first] = await receiptsTo(w.email);
    expect(first!.body).toContain('innen 24 timer');
    await w.admin.browser.call((c) => c.admin.settings.update({ ...DEFAULT_SETTINGS, reviewPromiseHours: 12, reviewAlertHours: 10 }));
    await edit(w, 'Nytt navn på bakeriet');
    const receipts = await receiptsTo(w.email);
    expect(receipts).toHaveLength(2);
    expect(receipts[1]!.body).toBe(reviewMail.revisionReceiptText('Nytt navn på bakeriet', `${w.h.config.appUrl}/mine-annonser`, 12));
    expect(receipts[1]!.body).toContain('Annonsen er synlig som før');
  });

  it('a refused submit queues no receipt', async () => {
    const s = await seller();
    const id = crypto.randomUUID();
    await expect(s.browser.call((c) => c.seller.create({ id, fields: { ...fields, title: 'Uten bilde' }, images: [{ uploadId: crypto.randomUUID() }] }))).rejects.toThrow();
    expect(await receiptsTo(s.email)).toEqual([]);
  });

  it('an address that bounced gets no receipt, and the listing is still created', async () => {
    const s = await seller();
    await suppressAddress(db, s.email, 'bounce', 'test');
    const id = crypto.randomUUID();
    const image = await upload(s.browser, id);
    expect(await s.browser.call((c) => c.seller.create({ id, fields, images: [{ uploadId: image.uploadId }] }))).toEqual({ id, created: true });
    expect(await receiptsTo(s.email)).toEqual([]);
    expect(s.h.mailer.to(s.email).map((mail) => mail.subject)).not.toContain(reviewMail.receiptSubject);
  });
});
