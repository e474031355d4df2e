import * as z from 'zod';
import { textField } from '../text/clean';
import { adminQuotaRequests as a } from '../texts/admin';
import { quotaRequestTexts as t } from '../texts/seller';
import { plans, QUOTA_NOTE_MAX, QUOTA_REQUEST_MAX_WANTED } from './enums';

/** 'Be om flere annonser' (decision 141): how many listings in all, and an optional message. */
export const quotaRequestSchema = z.object({
  wanted: z.number({ error: t.wantedInvalid }).int(t.wantedInvalid).min(1, t.wantedInvalid).max(QUOTA_REQUEST_MAX_WANTED, t.wantedInvalid),
  message: textField({ max: QUOTA_NOTE_MAX, maxMessage: t.messageMax, multiline: true })
    .optional()
    .transform((text) => (text ? text : undefined)),
});
export type QuotaRequestInput = z.infer<typeof quotaRequestSchema>;

/** Staff's answer: grant (a new limit and plan, both required) or decline, always with a note the user is mailed. */
export const quotaAnswerSchema = z
  .object({
    id: z.uuid({ error: a.notFound }),
    decision: z.enum(['grant', 'decline']),
    maxListings: z.number({ error: a.maxInvalid }).int(a.maxInvalid).min(0, a.maxInvalid).max(10_000, a.maxInvalid).optional(),
    plan: z.enum(plans).optional(),
    note: textField({ min: 1, minMessage: a.noteRequired, max: QUOTA_NOTE_MAX, maxMessage: a.noteMax, multiline: true }),
  })
  .refine((input) => input.decision !== 'grant' || input.maxListings !== undefined, { message: a.maxInvalid, path: ['maxListings'] })
  .refine((input) => input.decision !== 'grant' || input.plan !== undefined, { message: a.planRequired, path: ['plan'] });
export type QuotaAnswer = z.infer<typeof quotaAnswerSchema>;
