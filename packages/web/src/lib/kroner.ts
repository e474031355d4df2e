/**
 * A typed amount in whole kroner: digits with spaces or dots between thousands ('2 500 000',
 * '2.500.000') are 2500000; an empty field is undefined; anything else is NaN, and the schema says so.
 */
export function kroner(text: string): number | undefined {
  const digits = text.replace(/[\s.\u00a0\u202f]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : digits === '' ? undefined : Number.NaN;
}
