import * as z from 'zod';
import { settingsTexts as t } from '../texts/numbers';

export interface Settings {
  reviewPromiseHours: number;
  reviewAlertHours: number;
  maxActiveListings: number;
  signupsOpen: boolean;
}

/** What a fresh database holds (migration 0007's column defaults; the promise 24 hours again since 0037, decision 114). */
export const DEFAULT_SETTINGS: Settings = { reviewPromiseHours: 24, reviewAlertHours: 20, maxActiveListings: 3, signupsOpen: true };

const hours = (message: string) => z.number({ error: message }).int(message).min(1, message).max(720, message);

/** The whole form: no 0-hour promise, and the alert comes before the promise. */
export const settingsSchema = z
  .object({
    reviewPromiseHours: hours(t.promiseInvalid),
    reviewAlertHours: hours(t.alertInvalid),
    maxActiveListings: z.number({ error: t.quotaInvalid }).int(t.quotaInvalid).min(1, t.quotaInvalid).max(10_000, t.quotaInvalid),
    signupsOpen: z.boolean(),
  })
  .refine((s) => s.reviewAlertHours < s.reviewPromiseHours, { message: t.alertBeforePromise, path: ['reviewAlertHours'] });

export const settingKeys = ['reviewPromiseHours', 'reviewAlertHours', 'maxActiveListings', 'signupsOpen'] as const;
