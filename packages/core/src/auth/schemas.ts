import * as z from 'zod';
import { auth as t } from '../texts/nb';
import { consent } from '../texts/privacy';
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

/** 'Jeg godtar vilkårene og personvernerklæringen' must be ticked: nothing else is consent (decision 089). */
export const acceptTermsSchema = z.literal(true, { error: consent.required });

/** The page to return to, carried in the confirmation link: a same-site path only (return-path.ts). */
export const returnPathSchema = z
  .string({ error: t.returnPathInvalid })
  .max(MAX_RETURN_PATH, t.returnPathInvalid)
  .refine((value) => safeReturnPath(value) !== null, t.returnPathInvalid);

/** Sign-up: the credentials, the ticked consent, and where the confirmation link brings the user back to. */
export const signUpSchema = credentialsSchema.extend({ acceptTerms: acceptTermsSchema, next: returnPathSchema.optional() });
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Google's start: a ticked box on the consent step lets the callback create a new account. */
export const googleStartSchema = z.object({ acceptTerms: z.boolean().optional() }).optional();

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

/** 'Logg inn med Vipps' / 'Verifiser deg med Vipps' (decision 119): what the round trip is for, and the consent box. */
export const vippsStartSchema = z.object({ intent: z.enum(['login', 'verify']), acceptTerms: z.boolean().optional() });
/** The query Vipps sent the browser back with, as the callback page read it (`?code=…&state=…&iss=…`). */
export const vippsCallbackSchema = z.object({ search: z.string().min(1).max(4000) });
/** Proof of the account by its password before Vipps is linked to it. */
export const vippsLinkPasswordSchema = z.object({ password: z.string().min(1).max(MAX_PASSWORD_LENGTH) });
