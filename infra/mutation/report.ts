/**
 * bench/MUTATION.md from StrykerJS's JSON report (mutation-testing-report-schema): score per module,
 * the total, and every mutant no test killed with the reason it is accepted (ACCEPTED below) or
 * 'not yet explained', which is work to do. Mutants disabled in the source with a
 * `// Stryker disable … : why` comment are listed with that why.
 */
export interface Mutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';
  statusReason?: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}

export interface MutationReport {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

/**
 * Surviving mutants looked at and accepted: the same file, mutator, original code and replacement (not
 * the line, which moves with every edit). Each says why no test can or should tell the mutant apart.
 */
export const ACCEPTED: { file: string; mutator: string; original: string; replacement: string; why: string }[] = [
  {
    file: 'packages/core/src/text/clean.ts', mutator: 'ArrayDeclaration', original: '[...text]', replacement: '[]',
    why: 'The fallback for a runtime without Intl.Segmenter; Node 20 and every browser the app supports have it, so no test can run it.',
  },
  {
    file: 'packages/core/src/text/clean.ts', mutator: 'ConditionalExpression', original: '!graphemes', replacement: 'false',
    why: 'Equivalent wherever Intl.Segmenter exists (the same fallback as above).',
  },
  {
    file: 'packages/api/src/http/guard.ts', mutator: 'BlockStatement', original: '{\n    return false;\n  }', replacement: '{}',
    why: 'Equivalent: the empty catch returns undefined, which its one caller reads as false (`!decodesAsUri`).',
  },
  {
    file: 'packages/api/src/http/guard.ts', mutator: 'MethodExpression', original: 'pathname.slice(endpoint.length + 1)', replacement: 'pathname',
    why: 'Equivalent: counting the calls counts commas, and the endpoint has none; an empty rest (0 calls, or 1 unsliced) is under the cap either way.',
  },
  {
    file: 'packages/api/src/http/guard.ts', mutator: 'ArithmeticOperator', original: 'endpoint.length + 1', replacement: 'endpoint.length - 1',
    why: 'Equivalent for the same reason: two more characters of the endpoint add no comma.',
  },
  {
    file: 'packages/api/src/http/guard.ts', mutator: 'StringLiteral', original: "'0'", replacement: '""',
    why: "Equivalent: Number('') is 0, as Number('0') is, for a request without Content-Length.",
  },
  {
    file: 'packages/api/src/auth/tokens.ts', mutator: 'ConditionalExpression', original: 'earlier.length > 0', replacement: 'true',
    why: 'Equivalent: with no earlier token the UPDATE matches no row (drizzle writes an empty IN as false); the check only saves a round trip.',
  },
  {
    file: 'packages/api/src/auth/tokens.ts', mutator: 'EqualityOperator', original: 'earlier.length > 0', replacement: 'earlier.length >= 0',
    why: 'Equivalent, as above.',
  },
  {
    file: 'packages/api/src/listing/views.ts', mutator: 'MethodExpression', original: 'new Date().toISOString().slice(0, 10)', replacement: 'new Date().toISOString()',
    why: 'Equivalent in the database: the DATE column keeps the day of the full timestamp, and INSERT IGNORE makes the truncation a warning.',
  },
  {
    file: 'packages/api/src/listing/views.ts', mutator: 'ConditionalExpression', original: '!old?.n', replacement: 'false',
    why: 'Equivalent: with no old rows the UPDATE and DELETE touch nothing and 0 is returned anyway; the check saves two statements.',
  },
  {
    file: 'packages/api/src/listing/views.ts', mutator: 'OptionalChaining', original: 'old?.n', replacement: 'old.n',
    why: 'Equivalent: SELECT COUNT(*) always returns one row.',
  },
  {
    file: 'packages/api/src/listing/detail.ts', mutator: 'ConditionalExpression', original: '!seller', replacement: 'false',
    why: 'Unreachable: listings.owner_id references users with ON DELETE CASCADE, so a readable listing always has its seller.',
  },
  {
    file: 'packages/api/src/trpc.ts', mutator: 'OptionalChaining', original: 'result.error.cause.issues[0]?.message', replacement: 'result.error.cause.issues[0].message',
    why: 'Equivalent: a ZodError always has at least one issue.',
  },
  {
    file: 'packages/api/src/trpc.ts', mutator: 'ConditionalExpression', original: '!result.ok', replacement: 'true',
    why: 'Equivalent: tRPC reads `error` only from a failed result; on a successful one asUnavailable(undefined) is ignored.',
  },
  {
    file: 'packages/api/src/trpc.ts', mutator: 'ObjectLiteral', original: '{ ctx: { ...ctx, user: ctx.user, session: ctx.session } }', replacement: '{}',
    why: 'Equivalent at run time: next() keeps the context it was given; the object only narrows the types (user and session not null) for the procedures.',
  },
  {
    file: 'packages/api/src/trpc.ts', mutator: 'ObjectLiteral', original: '{ ...ctx, user: ctx.user, session: ctx.session }', replacement: '{}',
    why: 'Equivalent at run time, as above: tRPC merges the given context into the current one.',
  },
  {
    file: 'packages/core/src/text/clean.ts', mutator: 'ObjectLiteral', original: '{ message: minMessage }', replacement: '{}',
    why: "Equivalent: z.string({ error: minMessage }) already words every issue of the field that has no message of its own, the refine's included.",
  },
  {
    file: 'packages/api/src/http/well-formed.ts', mutator: 'ConditionalExpression', original: 'Array.isArray(value)', replacement: 'false',
    why: 'Equivalent in its answer: an array then takes the object branch, whose index keys hold no surrogate; the array branch only spares building the entries of a half-million-element body.',
  },
  {
    file: 'packages/api/src/seller/revisions.ts', mutator: 'ArrayDeclaration', original: '[]', replacement: '["Stryker was here"]',
    why: "Equivalent: the no-revision fallbacks (saveRevision's earlier images, discardRevision's answer) only feed the lists of known images; a string there has no id and no storage key, so it matches no reference and names no object to delete.",
  },
  {
    file: 'packages/api/src/auth/rate-limit.ts', mutator: 'OptionalChaining', original: 'row?.hits', replacement: 'row.hits',
    why: 'Equivalent: the row was upserted by the statement before, so the SELECT always finds it.',
  },
  {
    file: 'packages/api/src/auth/rate-limit-batch.ts', mutator: 'MethodExpression', original: "counted.filter((c) => c.kind === 'counter')", replacement: 'counted',
    why: "Equivalent in refuseIfOver: item limits then also look up their window's prefix as a counter key, which no row has, and their value is read from itemCounts whatever the map holds. (The same code in lockOrder is killed by the one-hit-per-row test: an item row counted twice.)",
  },
  {
    file: 'packages/api/src/auth/rate-limit-batch.ts', mutator: 'ConditionalExpression', original: "c.kind === 'counter'", replacement: 'true',
    why: 'Equivalent in refuseIfOver, as above (the filter keeping every limit).',
  },
  {
    file: 'packages/api/src/auth/rate-limit-batch.ts', mutator: 'MethodExpression', original: "counted.filter((c) => c.kind === 'perItem')", replacement: 'counted',
    why: "Equivalent in refuseIfOver: counters then also get an item count, which is never read (a counter's value comes from its hits), and items.indexOf still finds each item's own count. (The same code in lockOrder is killed: a counter counted twice.)",
  },
  {
    file: 'packages/api/src/auth/rate-limit-batch.ts', mutator: 'ConditionalExpression', original: "c.kind === 'perItem'", replacement: 'true',
    why: 'Equivalent in refuseIfOver, as above (the filter keeping every limit).',
  },
  {
    file: 'packages/api/src/auth/rate-limit-batch.ts', mutator: 'ArrayDeclaration', original: '[]', replacement: '["Stryker was here"]',
    why: 'Equivalent: the fallback rows when a call has no counters, so the map built from them is never asked (only counters read it); a string row only adds an undefined key.',
  },
  {
    file: 'packages/api/src/auth/rate-limit-batch.ts', mutator: 'OptionalChaining', original: 'itemCounts[items.indexOf(c)]?.[0]?.n', replacement: 'itemCounts[items.indexOf(c)]?.[0].n',
    why: 'Equivalent: SELECT COUNT(*) always returns one row.',
  },
  {
    file: 'packages/api/src/auth/rate-limit-batch.ts', mutator: 'OptionalChaining', original: 'itemCounts[items.indexOf(c)]?.[0]', replacement: 'itemCounts[items.indexOf(c)][0]',
    why: 'Equivalent: items is filtered from the same list, so each item limit finds its own index and a count was asked for it.',
  },
];

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

export function score(mutants: readonly Mutant[]): { detected: number; undetected: number; ignored: number; score: number } {
  const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
  const undetected = mutants.filter((m) => UNDETECTED.has(m.status)).length;
  const ignored = mutants.filter((m) => m.status === 'Ignored').length;
  const valid = detected + undetected;
  return { detected, undetected, ignored, score: valid === 0 ? 100 : (100 * detected) / valid };
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const code = (text: string) => `\`${oneLine(text).slice(0, 80).replaceAll('`', "'")}\``;

/** The code a mutant replaced, from its location (lines and columns count from 1). */
function original(source: string, m: Mutant): string {
  const lines = source.split('\n');
  const { start, end } = m.location;
  if (start.line === end.line) return lines[start.line - 1]!.slice(start.column - 1, end.column - 1);
  return [lines[start.line - 1]!.slice(start.column - 1), ...lines.slice(start.line, end.line - 1), lines[end.line - 1]!.slice(0, end.column - 1)].join('\n');
}

export function acceptedReason(file: string, source: string, m: Mutant): string | undefined {
  const was = oneLine(original(source, m));
  return ACCEPTED.find((a) => a.file === file && a.mutator === m.mutatorName && oneLine(a.original) === was && oneLine(a.replacement) === oneLine(m.replacement ?? ''))?.why;
}

export interface GroupRun {
  name: string;
  about: string;
  report: MutationReport;
  date: string;
  seconds: number;
  load: string;
}

const minutes = (seconds: number) => `${Math.floor(seconds / 60)} min ${seconds % 60} s`;

export function mutationMarkdown(runs: readonly GroupRun[], info: { machine: string; missing: string[] }): string {
  const files = runs.flatMap((r) => Object.entries(r.report.files).map(([name, f]) => ({ group: r.name, name, ...f })));
  const all = files.flatMap((f) => f.mutants);
  const total = score(all);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const out = [
    '# Mutation testing report',
    '',
    'Generated by `npm run test:mutation` (StrykerJS; the modules and their tests in infra/mutation/groups.json; docs/decisions/076). Do not edit by hand.',
    '',
    `- run time: ${minutes(seconds)} for all groups on ${info.machine} (${runs.map((r) => `${r.name} ${minutes(r.seconds)} at load ${r.load}, ${r.date.slice(0, 16)}Z`).join('; ')})`,
    `- mutants: ${all.length} (${total.detected} killed or timed out, ${total.undetected} survived or not covered, ${total.ignored} not run: static, or disabled in the source with a reason)`,
    `- **mutation score: ${total.score.toFixed(1)} %** (target ≥ 80 %)`,
    ...(info.missing.length > 0 ? [`- groups without a report yet: ${info.missing.join(', ')}`] : []),
    '',
    '| group | module | mutants | killed | survived | not run | score |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...files.map((f) => {
      const s = score(f.mutants);
      // Nothing run (every mutant static) is no score at all, not 100 %.
      const shown = s.detected + s.undetected === 0 ? 'n/a (all static)' : `${s.score.toFixed(1)} %`;
      return `| ${f.group} | ${f.name} | ${f.mutants.length} | ${s.detected} | ${s.undetected} | ${s.ignored} | ${shown} |`;
    }),
    `| **total** | | ${all.length} | ${total.detected} | ${total.undetected} | ${total.ignored} | **${total.score.toFixed(1)} %** |`,
    '',
    '## Surviving mutants',
    '',
    'Each change below passed every test of its group that runs the line. Accepted ones say why; the others are tests still to write.',
    '',
  ];
  for (const f of files) {
    for (const m of f.mutants.filter((x) => UNDETECTED.has(x.status))) {
      const why = acceptedReason(f.name, f.source, m) ?? '**not yet explained**';
      const status = m.status === 'NoCoverage' ? ' (no test runs it)' : '';
      out.push(`- ${f.name}:${m.location.start.line} ${m.mutatorName}${status}: ${code(original(f.source, m))} → ${code(m.replacement ?? '')}. ${why}`);
    }
  }
  out.push('', '## Disabled in the source', '', 'Equivalent mutants, each with a `// Stryker disable next-line` comment saying why.', '');
  for (const f of files) {
    for (const m of f.mutants.filter((x) => x.status === 'Ignored' && !(x.statusReason ?? '').startsWith('Static'))) {
      out.push(`- ${f.name}:${m.location.start.line} ${m.mutatorName}: ${code(original(f.source, m))} → ${code(m.replacement ?? '')}. ${oneLine(m.statusReason ?? '')}`);
    }
  }
  const statics = files.map((f) => [f.name, f.mutants.filter((x) => x.status === 'Ignored' && (x.statusReason ?? '').startsWith('Static')).length] as const).filter(([, n]) => n > 0);
  out.push('', '## Static mutants (not run)', '', 'Mutants in module-level code (constants, the table of limits) run no single test, so StrykerJS would rerun the whole group for each; `ignoreStatic` leaves them out of the score.', '');
  out.push(...statics.map(([name, n]) => `- ${name}: ${n}`));
  return `${out.join('\n')}\n`;
}
