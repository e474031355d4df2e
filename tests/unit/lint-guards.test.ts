import { readFile } from 'node:fs/promises';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The project's ESLint configuration refuses a drizzle UPDATE or DELETE without WHERE (decision 058):
 * the bug that made one view rewrite every listing's count was a `.where()` inside a comment.
 */
describe('lint guards', () => {
  it('refuses an UPDATE or DELETE whose WHERE is gone, in real code of the API', { timeout: 120_000 }, async () => {
    const file = 'packages/api/src/listing/views.ts';
    const source = await readFile(file, 'utf8');
    const update = source.replace('\n    .where(eq(listings.id, listingId));', '; // .where(eq(listings.id, listingId));');
    const remove = source.replace('tx.delete(listingViews).where(lt(listingViews.day, cutoff))', 'tx.delete(listingViews)');
    expect(update).not.toBe(source);
    expect(remove).not.toBe(source);
    const eslint = new ESLint();
    const lint = async (text: string) => (await eslint.lintText(text, { filePath: file }))[0]!;
    // A tuple, not an array: each result is typed as present.
    const [asIs, noWhere, noDeleteWhere] = await Promise.all([lint(source), lint(update), lint(remove)]);
    expect(asIs.messages.map((m) => m.ruleId)).toEqual([]);
    expect(noWhere.messages.map((m) => m.ruleId)).toContain('drizzle/enforce-update-with-where');
    expect(noDeleteWhere.messages.map((m) => m.ruleId)).toContain('drizzle/enforce-delete-with-where');
  });
});
