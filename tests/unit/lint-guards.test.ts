import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The project's ESLint configuration refuses a drizzle UPDATE or DELETE without WHERE (decision 058):
 * the bug that made one view rewrite every listing's count was a `.where()` inside a comment.
 * The rules' settings are read from eslint.config.js itself and applied without type information,
 * so the check takes a second instead of building the whole program.
 */
const DRIZZLE_RULES = ['drizzle/enforce-update-with-where', 'drizzle/enforce-delete-with-where'];

// The project's own configuration file, as ESLint loads it.
const { default: configs } = (await import(pathToFileURL('eslint.config.js').href)) as { default: Linter.Config[] };

function drizzleSettings(): { plugins: Linter.Config['plugins']; rules: Linter.RulesRecord } {
  const holder = configs.find((config) => config.plugins?.drizzle && !config.files);
  const rules = Object.fromEntries(DRIZZLE_RULES.map((rule) => [rule, holder?.rules?.[rule]]));
  return { plugins: { drizzle: holder!.plugins!.drizzle! }, rules: rules as Linter.RulesRecord };
}

describe('lint guards', () => {
  it('apply to every file of every package (no files filter), as errors', () => {
    const { rules } = drizzleSettings();
    for (const rule of DRIZZLE_RULES) {
      const [severity, options] = rules[rule] as [string, { drizzleObjectName: string[] }];
      expect(severity, rule).toBe('error');
      expect(options.drizzleObjectName, rule).toEqual(expect.arrayContaining(['db', 'tx']));
    }
  });

  it('refuses an UPDATE or DELETE whose WHERE is gone, in real code of the API', async () => {
    const file = 'packages/api/src/listing/views.ts';
    const source = await readFile(file, 'utf8');
    const update = source.replace('\n    .where(eq(listings.id, listingId));', '; // .where(eq(listings.id, listingId));');
    const remove = source.replace('tx.delete(listingViews).where(lt(listingViews.day, cutoff))', 'tx.delete(listingViews)');
    expect(update).not.toBe(source);
    expect(remove).not.toBe(source);
    const { plugins, rules } = drizzleSettings();
    const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins, rules }] });
    const lint = async (text: string) => (await eslint.lintText(text, { filePath: file }))[0]!.messages.map((m) => m.ruleId ?? m.message);
    expect(await lint(source)).toEqual([]);
    expect(await lint(update)).toContain('drizzle/enforce-update-with-where');
    expect(await lint(remove)).toContain('drizzle/enforce-delete-with-where');
  });
});
