import * as z from 'zod';
import { auth as t } from '../texts/nb';
import { MAX_RETURN_PATH, safeReturnPath } from './return-path';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 200;

/** Trimmed and lower-cased: one account per address, however it is typed. */
export const emailSchema = z
  .string({ error: t.emailRequired })
  .trim()
  .min(1, t.emailRequired)
  .max(255, t.emailInvalid)
  .pipe(z.email({ error: t.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: t.passwordRequired })
  .min(1, t.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, t.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, t.passwordTooLong);

export const credentialsSchema = z.object({ email: emailSchema, password: passwordSchema });
export type Credentials = z.infer<typeof credentialsSchema>;

/** The page to return to, carried in the confirmation link: a same-site path only (return-path.ts). */
export const returnPathSchema = z
  .string({ error: t.returnPathInvalid })
  .max(MAX_RETURN_PATH, t.returnPathInvalid)
  .refine((value) => safeReturnPath(value) !== null, t.returnPathInvalid);

/** Sign-up: the credentials, and where the confirmation link brings the user back to. */
export const signUpSchema = credentialsSchema.extend({ next: returnPathSchema.optional() });
export type SignUpInput = z.infer<typeof signUpSchema>;

/** 'Send e-posten på nytt': the address, and where the new link brings the user back to. */
export const resendSchema = z.object({ email: emailSchema, next: returnPathSchema.optional() });

/** Sign-in only checks presence: a rule tightened later must not lock out older passwords. */
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: t.passwordRequired }).min(1, t.passwordRequired).max(MAX_PASSWORD_LENGTH, t.passwordTooLong),
});

export const emailOnlySchema = z.object({ email: emailSchema });

/** Tokens in e-mailed links: 32 random bytes, base64url. */
export const tokenSchema = z.string().min(20).max(200);

export const resetPasswordSchema = z.object({ token: tokenSchema, password: passwordSchema });
