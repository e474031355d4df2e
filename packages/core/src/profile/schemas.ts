import * as z from 'zod';
import { textField } from '../text/clean';
import { profile as t } from '../texts/seller';

/**
 * Norwegian numbers: 8 digits, optionally after +47 or 0047; international: + and 7–15 digits.
 * Spaces, dots and dashes between digits are allowed and removed.
 */
export function normalizePhone(input: string): string | null {
  const compact = input.replace(/[\s.\-()]/g, '');
  if (/^(\+47|0047)?\d{8}$/.test(compact)) return `+47${compact.slice(-8)}`;
  if (/^\+\d{7,15}$/.test(compact)) return compact;
  if (/^00\d{7,15}$/.test(compact)) return `+${compact.slice(2)}`;
  return null;
}

const optionalText = (max: number, message: string) =>
  textField({ max, maxMessage: message }).transform((value) => value || null).nullable();

export const profileUpdateSchema = z.object({
  fullName: optionalText(100, t.nameTooLong),
  companyName: optionalText(100, t.nameTooLong),
  phone: z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (!value) return null;
      const phone = normalizePhone(value);
      if (!phone) ctx.addIssue({ code: 'custom', message: t.phoneInvalid });
      return phone;
    })
    .nullable(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
