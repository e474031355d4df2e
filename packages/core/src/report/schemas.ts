import * as z from 'zod';
import { listingIdSchema } from '../listing/schemas';
import { textField } from '../text/clean';
import { adminReports, reportDialog } from '../texts/share';
import { REPORT_COMMENT_MAX, reportReasons } from './enums';

/** 'Rapporter annonse' (decision 050): a reason from the list and an optional comment, cleaned and trimmed. */
export const reportInputSchema = z.object({
  listingId: listingIdSchema,
  reason: z.enum(reportReasons, { error: reportDialog.reasonRequired }),
  comment: textField({ max: REPORT_COMMENT_MAX, maxMessage: reportDialog.commentMax, multiline: true })
    .optional()
    .transform((text) => (text ? text : undefined)),
});
export type ReportInput = z.infer<typeof reportInputSchema>;

export const reportIdSchema = z.object({ id: z.uuid({ error: adminReports.notFound }) });

/** 'Deaktiver annonsen' with staff's note to the owner (decision 140): required, so the owner learns why from staff, not only the reporter's word. */
export const DEACTIVATE_NOTE_MAX = 500;
export const reportDeactivateSchema = reportIdSchema.extend({
  note: textField({ min: 1, minMessage: adminReports.noteRequired, max: DEACTIVATE_NOTE_MAX, maxMessage: adminReports.noteMax, multiline: true }),
});

/** A page of /admin/rapporter: the keyset cursor of the page before. */
export const reportPageSchema = z.object({ cursor: z.string().max(500).optional() }).default({});
