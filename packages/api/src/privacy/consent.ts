import { consents, type consentMethods } from '@bedriftstorget/core/auth/auth.sql';
import { consent } from '@bedriftstorget/core/texts/privacy';
import type { Database } from '../db/client';

/**
 * Records that the user accepted the terms and privacy text in the version the catalogue holds now
 * (the one the page they ticked it on showed; web and API are built from one catalogue), at this
 * moment, and how they signed up. In the caller's transaction, beside the account it is for.
 */
export async function recordConsent(tx: Pick<Database, 'insert'>, userId: string, method: (typeof consentMethods)[number], now = new Date()): Promise<void> {
  await tx.insert(consents).values({ userId, textVersion: consent.version, method, givenAt: now });
}

/** The cookie that carries a ticked box from Google's start to its callback (decision 089). */
export const GOOGLE_CONSENT_COOKIE = 'bt_google_consent';

/** True when the cookie names the version in force: a box ticked under an older text is no consent to this one. */
export const consentGivenFor = (cookie: string | undefined) => cookie === consent.version;
