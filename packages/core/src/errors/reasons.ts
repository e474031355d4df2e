/**
 * Why the server refused a request, where the web app must tell refusals apart (decision 062).
 * Sent beside the code and the Norwegian message as `error.data.reason`, so the app branches on
 * this and never on the message's words. Browser-safe: no zod, no drizzle.
 */
export const refusalReasons = [
  /** 'Maks aktive annonser': a submit or renewal would pass the owner's limit. */
  'QUOTA_REACHED',
  /** A password sign-in before the account's e-mail was confirmed (a new link has been sent). */
  'EMAIL_NOT_CONFIRMED',
  /** The admins have closed new sign-ups (/admin/innstillinger). */
  'SIGNUPS_CLOSED',
  /** An admin procedure called by someone without the admin role. */
  'NO_ACCESS',
  /** A user's saved searches are at their cap. */
  'SAVED_SEARCHES_FULL',
  /** A first Google sign-in that would create an account before the terms were accepted (decision 089). */
  'CONSENT_REQUIRED',
  /** 'Bare verifiserte kjøpere kan be om tilgang': a buyer not verified with Vipps asked for access (decision 130). */
  'VIPPS_REQUIRED',
] as const;

export type RefusalReason = (typeof refusalReasons)[number];
