import { reviewMail } from '@bedriftstorget/core/texts/admin';
import { enqueueMail } from '../mail/outbox';
import type { SignedIn, Tx } from './listing-images';

/**
 * 'Vi har mottatt annonsen din' (decision 146): written in the transaction of the submit, so the
 * receipt exists exactly when the submitted listing or revision does (decision 070), and sent after
 * the commit. The hours are the review promise's setting, the same the landing states.
 */
export function queueReviewReceipt(tx: Tx, ctx: SignedIn, submitted: { title: string; revision: boolean }, promiseHours: number): Promise<string | null> {
  const link = `${ctx.config.appUrl}/mine-annonser`;
  const text = (submitted.revision ? reviewMail.revisionReceiptText : reviewMail.receiptText)(submitted.title, link, promiseHours);
  return enqueueMail(tx, { kind: 'review_receipt', to: ctx.user.email, subject: reviewMail.receiptSubject, text, links: [link] });
}
