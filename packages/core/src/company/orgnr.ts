import * as z from 'zod';
import { company as t } from '../texts/company';

/** Weights of Enhetsregisteret's modulus-11 check digit over the first eight digits. */
const WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

/** '923 609 016' → '923609016': spaces (also non-breaking) are how people write it and carry nothing. */
export function normaliseOrgnr(input: string): string {
  return input.replace(/[\s\u00a0\u202f]/g, '');
}

/**
 * The check digit of eight digits, or null when none can exist: 11 − (Σ weight·digit mod 11), where
 * a remainder of 0 gives 0 and a remainder of 1 (check digit 10) makes every such number invalid.
 */
export function orgnrCheckDigit(first8: string): number | null {
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(first8[i]), 0);
  const remainder = sum % 11;
  if (remainder === 0) return 0;
  if (remainder === 1) return null;
  return 11 - remainder;
}

/** Nine digits (after normalising) whose last is the check digit of the first eight. */
export function isValidOrgnr(input: string): boolean {
  const digits = normaliseOrgnr(input);
  if (!/^\d{9}$/.test(digits)) return false;
  return orgnrCheckDigit(digits.slice(0, 8)) === Number(digits[8]);
}

export { formatOrgnr } from './orgnr-format';

/** The shared rule (wizard and server): normalised, then checked; a wrong one gets exactly 'Ugyldig organisasjonsnummer'. */
export const orgnrSchema = z
  .string({ error: t.orgnrInvalid })
  .max(30, t.orgnrInvalid)
  .transform(normaliseOrgnr)
  .refine(isValidOrgnr, t.orgnrInvalid);
