import { readFileSync } from 'node:fs';

/**
 * The modules mutation testing covers, in groups, each with the test files written for them
 * (infra/mutation/groups.json; stryker.config.mjs reads the same file). A mutant is judged by its
 * module's own tests, not by every API test that happens to sign someone up on the way: that is the
 * question worth asking, and it keeps a run to minutes (docs/decisions/076).
 */
export interface MutationGroup {
  about: string;
  /** Path (or `path:from-to` lines) → why a silent mistake there costs most. */
  modules: Record<string, string>;
  /** Test files under tests/, without `.test.ts`. */
  tests: string[];
}

export const GROUPS = JSON.parse(readFileSync(new URL('./groups.json', import.meta.url), 'utf8')) as Record<string, MutationGroup>;

export function groupNamed(name: string | undefined): [string, MutationGroup] {
  const group = name ? GROUPS[name] : undefined;
  if (!name || !group) throw new Error(`BT_MUTATION_GROUP must name one of: ${Object.keys(GROUPS).join(', ')} (got ${name ?? 'nothing'})`);
  return [name, group];
}
