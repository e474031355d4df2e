import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { draftReminders } from '@bedriftstorget/core/draft/draft.sql';
import { reviewMail } from '@bedriftstorget/core/texts/admin';
import type { Services } from '../context';
import { affectedRows } from '../db/client';
import { readSettings } from '../settings/settings';

const BATCH = 200;

/**
 * The guest drafts' one reminder each (rows stored by the wizard). Claimed with a conditional
 * UPDATE of sent_at before the mail goes, so overlapping runs and reruns send it once; a mail
 * that fails releases the claim for the next run.
 */
export async function sendDraftReminders(services: Pick<Services, 'db' | 'mailer' | 'config'>, now = new Date()): Promise<{ sent: number; failed: number }> {
  const { db } = services;
  const due = await db
    .select({ id: draftReminders.id, email: draftReminders.email })
    .from(draftReminders)
    .where(and(isNull(draftReminders.sentAt), isNull(draftReminders.cancelledAt), lte(draftReminders.remindAfter, now)))
    .orderBy(asc(draftReminders.remindAfter))
    .limit(BATCH);
  const link = `${services.config.appUrl}/legg-ut-annonse`;
  const { reviewPromiseHours } = due.length ? await readSettings(db) : { reviewPromiseHours: 0 };
  let sent = 0;
  let failed = 0;
  for (const reminder of due) {
    const claimed = await db
      .update(draftReminders)
      .set({ sentAt: now })
      .where(and(eq(draftReminders.id, reminder.id), isNull(draftReminders.sentAt), isNull(draftReminders.cancelledAt)));
    if (affectedRows(claimed) !== 1) continue;
    try {
      // Nobody confirmed this address: the mail carries none of the visitor's own text (no phishing relay).
      await services.mailer.send({ to: reminder.email, subject: reviewMail.reminderSubject, text: reviewMail.reminderText(null, link, reviewPromiseHours), links: [link] });
      sent += 1;
    } catch (error) {
      failed += 1;
      console.error(`draft reminder ${reminder.id} failed`, error);
      await db.update(draftReminders).set({ sentAt: null }).where(and(eq(draftReminders.id, reminder.id), eq(draftReminders.sentAt, now)));
    }
  }
  return { sent, failed };
}
