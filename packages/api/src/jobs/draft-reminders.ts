import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { draftReminders } from '@bedriftstorget/core/draft/draft.sql';
import { reviewMail } from '@bedriftstorget/core/texts/admin';
import type { Services } from '../context';
import { affectedRows } from '../db/client';
import { enqueueMail } from '../mail/outbox';
import { readSettings } from '../settings/settings';

const BATCH = 200;

/**
 * The guest drafts' one reminder each (rows stored by the wizard). Claimed with a conditional
 * UPDATE of sent_at in one transaction with its mail in the outbox (decision 070), so
 * overlapping runs and reruns queue it once; the outbox sends it, retrying while SES refuses.
 */
export async function sendDraftReminders(services: Pick<Services, 'db' | 'config'>, now = new Date()): Promise<{ queued: number }> {
  const { db } = services;
  const due = await db
    .select({ id: draftReminders.id, email: draftReminders.email })
    .from(draftReminders)
    .where(and(isNull(draftReminders.sentAt), isNull(draftReminders.cancelledAt), lte(draftReminders.remindAfter, now)))
    .orderBy(asc(draftReminders.remindAfter))
    .limit(BATCH);
  const link = `${services.config.appUrl}/legg-ut-annonse`;
  const { reviewPromiseHours } = due.length ? await readSettings(db) : { reviewPromiseHours: 0 };
  let queued = 0;
  for (const reminder of due) {
    const won = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(draftReminders)
        .set({ sentAt: now })
        .where(and(eq(draftReminders.id, reminder.id), isNull(draftReminders.sentAt), isNull(draftReminders.cancelledAt)));
      if (affectedRows(claimed) !== 1) return false;
      // Nobody confirmed this address: the mail carries none of the visitor's own text (no phishing relay).
      await enqueueMail(tx, { kind: 'draft_reminder', to: reminder.email, subject: reviewMail.reminderSubject, text: reviewMail.reminderText(null, link, reviewPromiseHours), links: [link] }, now);
      return true;
    });
    if (won) queued += 1;
  }
  return { queued };
}
