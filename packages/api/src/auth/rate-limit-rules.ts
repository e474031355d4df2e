import { offerTexts } from '@bedriftstorget/core/texts/offers';
import { auth, valuation } from '@bedriftstorget/core/texts/nb';
import { inquiryTexts, messageTexts } from '@bedriftstorget/core/texts/messages';
import { images, quotaRequestTexts } from '@bedriftstorget/core/texts/seller';
import { clientErrorTexts } from '@bedriftstorget/core/texts/monitoring';
import { request } from '@bedriftstorget/core/texts/http';
import { favorites } from '@bedriftstorget/core/texts/marketplace';
import { reportDialog } from '@bedriftstorget/core/texts/share';
import { accessRequest } from '@bedriftstorget/core/texts/access';
import { dataRoomTexts } from '@bedriftstorget/core/texts/data-room';
import { vippsTexts } from '@bedriftstorget/core/texts/vipps';
import { savedSearchTexts } from '@bedriftstorget/core/texts/saved-search';
import { company } from '@bedriftstorget/core/texts/company';

/**
 * What a rule counts by (decision record 060):
 * - network: the caller's network (IPv4 address, IPv6 /64), for callers with no account yet or where
 *   the account is what is being guessed;
 * - user: the signed-in user, so changing network does not reset the count and an office behind one
 *   address is not one budget;
 * - email: the address a request is about, to protect a mailbox or an account whoever is asking.
 */
export type RateLimitKey = 'network' | 'user' | 'email';

export interface RateLimitRule {
  /** The counter's prefix in rate_limits; stored windows carry it, so a rename restarts the count. */
  name: string;
  /** Hits allowed per window, before RATE_LIMIT_MULTIPLIER (the same factor for every rule). */
  limit: number;
  /** Fixed windows from the epoch: a window's number is part of the counter's key. */
  windowMs: number;
  keyedBy: RateLimitKey;
  /** The Norwegian answer (TOO_MANY_REQUESTS, 429) once the limit is passed. */
  message: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Every fixed-window limit of the API. Each has a test in tests/api/rate-limits.test.ts. */
export const RATE_LIMITS = {
  /** Guessing from one network; per account it would let a stranger lock the owner out (decision 018). */
  signInPerNetwork: { name: 'signin-ip', limit: 50, windowMs: 15 * MINUTE, keyedBy: 'network', message: auth.tooManyAttempts },
  /**
   * Wrong passwords for one account from all networks: past it only networks that have not failed for
   * the account may try (sign-in-throttle.ts), so a spread-out guesser is slow and the owner is not.
   */
  signInFailuresPerAddress: { name: 'signin-fail-email', limit: 100, windowMs: HOUR, keyedBy: 'email', message: auth.tooManyAttempts },
  /** Accounts and confirmation mails from one network; the address is the caller's free choice. */
  signUpPerNetwork: { name: 'signup-ip', limit: 20, windowMs: HOUR, keyedBy: 'network', message: auth.tooManyAttempts },
  /** Reset mails into one mailbox, whoever asks. */
  resetPerAddress: { name: 'reset-email', limit: 3, windowMs: HOUR, keyedBy: 'email', message: auth.tooManyAttempts },
  /** Reset mails from one network to many mailboxes. */
  resetPerNetwork: { name: 'reset-ip', limit: 20, windowMs: HOUR, keyedBy: 'network', message: auth.tooManyAttempts },
  /** 'Send e-posten på nytt' into one mailbox, whoever asks (each account also gets at most two in ten minutes, decision 070). */
  resendPerAddress: { name: 'resend-email', limit: 5, windowMs: HOUR, keyedBy: 'email', message: auth.tooManyAttempts },
  /** 'Send e-posten på nytt' from one network to many mailboxes. */
  resendPerNetwork: { name: 'resend-ip', limit: 20, windowMs: HOUR, keyedBy: 'network', message: auth.tooManyAttempts },
  /** A guest's draft reminders: mails to addresses the guest types, so per network. */
  draftReminderPerNetwork: { name: 'draft-reminder-ip', limit: 10, windowMs: HOUR, keyedBy: 'network', message: auth.tooManyAttempts },
  /** Presigned uploads: storage paid per user. */
  uploadsPerUser: { name: 'upload-user', limit: 60, windowMs: HOUR, keyedBy: 'user', message: images.tooManyUploads },
  /** Data-room uploads (decision 097): up to 20 MB each, checked by the server; ten a listing, a few retries. */
  documentUploadsPerUser: { name: 'document-upload-user', limit: 30, windowMs: HOUR, keyedBy: 'user', message: dataRoomTexts.tooManyUploads },
  /** Stamped downloads: each parses and writes a PDF, so a script must not loop it; a buyer reading ten documents twice is far below. */
  documentDownloadsPerUser: { name: 'document-download-user', limit: 60, windowMs: HOUR, keyedBy: 'user', message: dataRoomTexts.tooManyDownloads },
  /** Messages per sender: generous for a real conversation, tight for a script. */
  messagesPerUser: { name: 'message-sender', limit: 30, windowMs: 10 * MINUTE, keyedBy: 'user', message: messageTexts.tooMany },
  /** Inquiries (leads, each a mail to a seller) per sender. */
  inquiriesPerUser: { name: 'inquiry-sender', limit: 10, windowMs: HOUR, keyedBy: 'user', message: inquiryTexts.tooMany },
  /** 'Be om tilgang' per buyer (decision 096): each is a mail to a seller and a row for staff. */
  /** 'Gi bud' and 'Motbud' per user: each is a mail to the other party and a row in a thread. */
  offersPerUser: { name: 'offer-user', limit: 10, windowMs: HOUR, keyedBy: 'user', message: offerTexts.tooMany },
  /** 'Be om flere annonser' (decision 141): one waits at a time; three an hour cover a retry after an answer. */
  quotaRequestsPerUser: { name: 'quota-request-user', limit: 3, windowMs: HOUR, keyedBy: 'user', message: quotaRequestTexts.tooMany },
  accessRequestsPerUser: { name: 'access-request-user', limit: 10, windowMs: HOUR, keyedBy: 'user', message: accessRequest.tooMany },
  /**
   * The wizard's look-up of an organisasjonsnummer (decision 139), open to guests filling the wizard:
   * each asks Enhetsregisteret, so a script must not use the site as its proxy. A seller retyping a
   * number a few times is far below.
   */
  companyLookupPerNetwork: { name: 'company-lookup-ip', limit: 30, windowMs: 10 * MINUTE, keyedBy: 'network', message: company.lookup.tooMany },
  /** Public estimates: each stores a row for staff, so a script must not fill that table. */
  valuationPerNetwork: { name: 'valuation-ip', limit: 30, windowMs: HOUR, keyedBy: 'network', message: valuation.tooManyRequests },
  /**
   * The browser's error reports (POST /trpc/klientfeil, decision 073): a page failing in a loop sends a
   * handful, a broken deploy seen by many still gets through from each, nobody fills the logs alone.
   */
  clientErrorsPerNetwork: { name: 'client-error-ip', limit: 30, windowMs: 10 * MINUTE, keyedBy: 'network', message: clientErrorTexts.tooMany },
  /**
   * The one-click unsubscribe POST (decision 047), the only path without the Origin check: a mail
   * program sends one per mail, a script guessing tokens thousands. Counted per POST, not per token.
   */
  unsubscribePerNetwork: { name: 'unsubscribe-ip', limit: 20, windowMs: 10 * MINUTE, keyedBy: 'network', message: savedSearchTexts.unsubscribeTooMany },
  /** Reports per user: each is work for staff, and a flood from one account is itself abuse. */
  reportsPerUserHour: { name: 'report-user-h', limit: 5, windowMs: HOUR, keyedBy: 'user', message: reportDialog.tooMany },
  reportsPerUserDay: { name: 'report-user-d', limit: 20, windowMs: DAY, keyedBy: 'user', message: reportDialog.tooMany },
  /**
   * 'Logg inn med Vipps' and 'Verifiser deg med Vipps' started from one network (decision 119): each
   * start and callback asks Vipps, so a script must not turn the site into a load on Vipps.
   */
  vippsPerNetwork: { name: 'vipps-ip', limit: 30, windowMs: 15 * MINUTE, keyedBy: 'network', message: vippsTexts.tooMany },
  /** Proving an account to link Vipps to it (a password tried, a link mailed): guessing, and a mailbox filled. */
  vippsLinkPerNetwork: { name: 'vipps-link-ip', limit: 10, windowMs: 15 * MINUTE, keyedBy: 'network', message: vippsTexts.tooMany },
  /** Saving and removing favourites: each change is a realtime event to the user's other tabs. */
  favoritesPerUser: { name: 'favorite-user', limit: 60, windowMs: 10 * MINUTE, keyedBy: 'user', message: favorites.tooMany },
  /**
   * Every mutation, by default (the procedure builders, decision 085): per signed-in user and per
   * network, far above what a person does and far below what a script would.
   */
  mutationsPerUser: { name: 'mutation-user', limit: 200, windowMs: 10 * MINUTE, keyedBy: 'user', message: request.tooManyActions },
  mutationsPerNetwork: { name: 'mutation-ip', limit: 1000, windowMs: 10 * MINUTE, keyedBy: 'network', message: request.tooManyActions },
  /** A counted view is a mutation every visitor's page sends: an office behind one address reads a lot. */
  viewsPerNetwork: { name: 'view-ip', limit: 3000, windowMs: 10 * MINUTE, keyedBy: 'network', message: request.tooManyActions },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;
