import { eq } from 'drizzle-orm';
import { DEFAULT_SETTINGS, settingKeys, type Settings } from '@bedriftstorget/core/settings/schemas';
import { appSettings } from '@bedriftstorget/core/settings/settings.sql';
import { settingsTexts } from '@bedriftstorget/core/texts/numbers';
import type { Database } from '../db/client';
import { writeLog, type Tx } from '../admin/log';
import { refusal } from '../refusal';

/** The one row of app_settings. */
export const SETTINGS_ROW_ID = 1;
const ROW_ID = SETTINGS_ROW_ID;

/**
 * The settings as they are now: one primary-key read, done where each rule is enforced (submit,
 * sign-up, the queue job, the queue's marks) so an admin's change counts from the next action.
 * A missing row (a database not yet migrated to 0007's insert) reads as the defaults.
 */
export async function readSettings(db: Database | Tx): Promise<Settings> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.id, ROW_ID));
  if (!row) return DEFAULT_SETTINGS;
  return { reviewPromiseHours: row.reviewPromiseHours, reviewAlertHours: row.reviewAlertHours, maxActiveListings: row.maxActiveListings, signupsOpen: row.signupsOpen };
}

/** Saves the validated form; one 'Innstilling endret: …' entry per changed field, in the same transaction. */
export async function updateSettings(db: Database, adminId: string, next: Settings): Promise<{ changed: string[] }> {
  return db.transaction(async (tx) => {
    await tx.insert(appSettings).ignore().values({ id: ROW_ID });
    const [locked] = await tx.select().from(appSettings).where(eq(appSettings.id, ROW_ID)).for('update');
    const current = locked ?? { ...DEFAULT_SETTINGS };
    const changed = settingKeys.filter((key) => current[key] !== next[key]);
    if (changed.length === 0) return { changed };
    await tx.update(appSettings).set({ ...next, updatedAt: new Date() }).where(eq(appSettings.id, ROW_ID));
    for (const key of changed) {
      await writeLog(tx, adminId, {
        action: settingsTexts.logged(settingsTexts.fields[key]),
        targetType: 'setting',
        targetId: null,
        details: { key, from: current[key], to: next[key] },
      });
    }
    return { changed };
  });
}

/** Sign-up's one extra check: refused with a Norwegian message while admins have closed it. */
export async function assertSignupsOpen(db: Database): Promise<void> {
  const settings = await readSettings(db);
  if (!settings.signupsOpen) throw refusal('SIGNUPS_CLOSED', settingsTexts.signupsClosed);
}
