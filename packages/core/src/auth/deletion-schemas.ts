import * as z from 'zod';
import { accountDeletion } from '../texts/account';
import { MAX_PASSWORD_LENGTH, tokenSchema } from './schemas';

/** 'Slett konto' with the password: any length up to the cap (an old password may predate today's minimum). */
export const deleteWithPasswordSchema = z.object({
  password: z.string({ error: accountDeletion.passwordRequired }).min(1, accountDeletion.passwordRequired).max(MAX_PASSWORD_LENGTH, accountDeletion.wrongPassword),
});

/** The mailed link's token (a Google account's confirmation). */
export const deleteByLinkSchema = z.object({ token: tokenSchema });

/** The admin's 'Slett' on a user. */
export const adminDeleteUserSchema = z.object({ id: z.uuid() });
