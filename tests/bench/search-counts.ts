/**
 * Counts for common words, before and after listing_term_counts (decision records 039, 040):
 * "before" is the statement the API sent until then — every listing in scope checked for every
 * word — and "after" the statement it sends now, recorded from the real call. Both cold (the
 * browse total's cache cleared), on the same pool.
 */
import { and, count, eq } from 'drizzle-orm';
import { listAdminListings } from '@bedriftstorget/api/admin/listings';
import { browse } from '@bedriftstorget/api/listing/browse';
import { clearCountCache } from '@bedriftstorget/api/listing/count-cache';
import { searchCondition } from '@bedriftstorget/api/listing/search';
import { browseInputSchema } from '@bedriftstorget/core/listing/schemas';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import type { Bench } from './setup';
import { ms, percentiles } from './setup';
import { timeIt } from './queries';

interface Case { name: string; q: string; industry?: 'services'; admin?: boolean; target: string; targetMs: number | null }

const CASES: Case[] = [
  { name: "browse 'lønnsom regnskapet' + industry", q: 'lønnsom regnskapet', industry: 'services', target: '≤ 5 ms', targetMs: 5 },
  { name: "browse 'lønnsom ryddig regnskapet'", q: 'lønnsom ryddig regnskapet', target: '≤ 5 ms', targetMs: 5 },
  { name: "browse 'god mulighet eier'", q: 'god mulighet eier', target: '≤ 5 ms', targetMs: 5 },
  { name: "admin listings 'lønnsom' (every status)", q: 'lønnsom', admin: true, target: '— (1.7 s before)', targetMs: null },
  { name: "admin listings 'kebabsjappe' (rare word)", q: 'kebabsjappe', admin: true, target: '—', targetMs: null },
  { name: "admin listings 'lønnsom regnskapet' + services", q: 'lønnsom regnskapet', industry: 'services', admin: true, target: '—', targetMs: null },
];

function before(bench: Bench, c: Case) {
  const scope = c.admin ? undefined : eq(listings.isPublic, true);
  return bench.db.select({ n: count() }).from(listings).where(and(scope, c.industry ? eq(listings.industry, c.industry) : undefined, searchCondition(c.q)));
}

async function after(bench: Bench, c: Case) {
  clearCountCache();
  const call = (): Promise<unknown> =>
    c.admin ? listAdminListings(bench.db, { status: 'all', industry: c.industry ?? 'all', q: c.q }) : browse(bench.db, browseInputSchema.parse({ q: c.q, industry: c.industry }), 60_000);
  const { statements } = await bench.record(call);
  // The count: COUNT(DISTINCT …) from the terms, or COUNT(*) over a rare word's candidates.
  return statements.filter((s) => /count\(/i.test(s.sql));
}

export async function benchSearchCounts(bench: Bench): Promise<string> {
  const lines = [
    'Cold, sequential, on the bench pool. "before": the count statement as the API sent it until listing_term_counts (every listing in scope checked for each word by a seek per word). "after": the statement(s) it sends now (the plan starts from the rarest word by listing_term_counts).',
    '',
    '| count | before p50 / p95 ms (n) | after p50 / p95 ms (n) | target |',
    '|---|---|---|---|',
  ];
  for (const c of CASES) {
    if (Date.now() > bench.deadline) {
      lines.push(`| ${c.name} and the rest: not measured, the section reached its time limit | | | |`);
      break;
    }
    const old = before(bench, c);
    const b = await timeIt(() => old.execute(), 0, 3);
    const statements = await after(bench, c);
    const a = await timeIt(async () => {
      for (const s of statements) await bench.pool.query(s.sql, s.params);
    }, 1);
    const pb = percentiles(b);
    const pa = percentiles(a);
    const row = `| ${c.name} | ${ms(pb.p50)} / ${ms(pb.p95)} (${b.length}) | ${ms(pa.p50)} / ${ms(pa.p95)} (${a.length}) | ${c.target} |`;
    console.log(row);
    lines.push(row);
    bench.figures.push({ what: `count ${c.name}: before → after (cold p50)`, measured: `${ms(pb.p50)} → ${ms(pa.p50)} ms`, target: c.target, met: c.targetMs === null ? null : pa.p50 <= c.targetMs });
  }
  return lines.join('\n');
}

