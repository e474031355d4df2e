import * as z from 'zod';
import { emailSchema } from '../auth/schemas';
import { industries } from '../listing/enums';
import { valuation as t } from '../texts/nb';

/** 10 billion kr: far above any business sold here, low enough to stay exact in a number. */
export const MAX_AMOUNT = 10_000_000_000;

const industrySchema = z.enum(industries, { error: t.chooseIndustry });
// zod 4 numbers refuse NaN and Infinity.
const number = () => z.number({ error: t.amountInvalid });
const revenueSchema = number().min(0, t.amountNegative).max(MAX_AMOUNT, t.amountTooLarge);
/** Profit may be zero or a loss: the estimate then falls back to revenue. */
const profitSchema = number().min(-MAX_AMOUNT, t.amountTooLarge).max(MAX_AMOUNT, t.amountTooLarge);

const figuresSchema = z.object({ revenue: revenueSchema.nullish(), profit: profitSchema.nullish() });
const hasPositiveFigure = (v: { revenue?: number | null; profit?: number | null }) => (v.revenue ?? 0) > 0 || (v.profit ?? 0) > 0;
const figuresRequired = {
  message: t.figuresRequired,
  path: ['revenue'],
  // Also when another field is wrong, so the form shows every problem at once.
  when: (payload: z.core.ParsePayload) => figuresSchema.safeParse(payload.value).success,
};

/** What the API takes: the landing form sends the figures, the listing wizard also its listing's id. */
export const valuationInputSchema = z
  .object({
    industry: industrySchema,
    revenue: revenueSchema.nullish(),
    profit: profitSchema.nullish(),
    email: emailSchema.optional(),
    listingId: z.uuid().optional(),
  })
  .refine(hasPositiveFigure, figuresRequired);
export type ValuationInput = z.infer<typeof valuationInputSchema>;

/**
 * An amount as Norwegians type it: spaces (also the no-break ones Intl writes) between thousands,
 * comma for decimals, '−' for minus, an optional 'kr'. Empty means not given; null when unreadable.
 */
export function parseAmount(text: string): number | undefined | null {
  const cleaned = text.replace(/\s/g, '').replace(/kr\.?$/i, '').replace(/\u2212/g, '-').replace(',', '.');
  if (cleaned === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : null;
}

const amountText = z.string().transform((text, ctx) => {
  const amount = parseAmount(text);
  if (amount === null) {
    ctx.addIssue({ code: 'custom', message: t.amountInvalid });
    return z.NEVER;
  }
  return amount;
});

/** The landing form's fields as typed (all text), read into the API's input. */
export const valuationFormSchema = z
  .object({
    industry: z.string().pipe(industrySchema),
    revenue: amountText.pipe(revenueSchema.optional()),
    profit: amountText.pipe(profitSchema.optional()),
    email: z.string().transform((email) => email.trim() || undefined).pipe(emailSchema.optional()),
  })
  .refine(hasPositiveFigure, figuresRequired);
export type ValuationFormValues = z.input<typeof valuationFormSchema>;
