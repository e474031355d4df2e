/**
 * bench/MUTATION.md (docs/decisions/076). Each group's StrykerJS JSON report (mutation-testing-report-schema,
 * under the ignored reports/) is boiled down to a summary kept in the repo, bench/mutation/<group>.json:
 * counts per module, every mutant no test killed with the code it changed, and the mutants disabled in
 * the source with their reason. The report is written from every group's summary, so a run of one group
 * keeps the other groups' last figures, each with the date, run time and load of its own run.
 */
import { ACCEPTED } from './accepted';

export interface Mutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';
  statusReason?: string;
  /** How many tests the mutant's run completed; 0 on a Survived mutant is no measurement (infra/mutation/run.ts). */
  testsCompleted?: number;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}

export interface MutationReport {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

/** One mutant worth a line in the report: a survivor, or one disabled in the source (with its reason). */
export interface ListedMutant {
  line: number;
  mutator: string;
  original: string;
  replacement: string;
  noCoverage?: boolean;
  /** Its run executed no test even after the reruns: counted as a survivor, marked as not measured. */
  unmeasured?: boolean;
  reason?: string;
}

export interface ModuleSummary {
  module: string;
  mutants: number;
  /** Killed or timed out. */
  detected: number;
  /** Survived or not covered. */
  undetected: number;
  /** Not run: static, or disabled in the source. */
  ignored: number;
  statics: number;
  survivors: ListedMutant[];
  disabled: ListedMutant[];
}

export interface GroupSummary {
  group: string;
  about: string;
  date: string;
  seconds: number;
  load: string;
  modules: ModuleSummary[];
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

export function score(counts: { detected: number; undetected: number }): number {
  const valid = counts.detected + counts.undetected;
  return valid === 0 ? 100 : (100 * counts.detected) / valid;
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

const isStatic = (m: Mutant) => m.status === 'Ignored' && (m.statusReason ?? '').startsWith('Static');

export function summarize(run: Omit<GroupSummary, 'modules'>, report: MutationReport): GroupSummary {
  const modules = Object.entries(report.files).map(([module, { source, mutants }]): ModuleSummary => {
    const listed = (m: Mutant): ListedMutant => ({ line: m.location.start.line, mutator: m.mutatorName, original: oneLine(original(source, m)), replacement: oneLine(m.replacement ?? '') });
    return {
      module,
      mutants: mutants.length,
      detected: mutants.filter((m) => DETECTED.has(m.status)).length,
      undetected: mutants.filter((m) => UNDETECTED.has(m.status)).length,
      ignored: mutants.filter((m) => m.status === 'Ignored').length,
      statics: mutants.filter(isStatic).length,
      survivors: mutants.filter((m) => UNDETECTED.has(m.status)).map((m) => ({ ...listed(m), ...(m.status === 'NoCoverage' ? { noCoverage: true } : {}), ...(m.status === 'Survived' && m.testsCompleted === 0 ? { unmeasured: true } : {}) })),
      disabled: mutants.filter((m) => m.status === 'Ignored' && !isStatic(m)).map((m) => ({ ...listed(m), reason: oneLine(m.statusReason ?? '') })),
    };
  });
  return { ...run, modules };
}

export function acceptedReason(file: string, m: ListedMutant): string | undefined {
  return ACCEPTED.find((a) => a.file === file && a.mutator === m.mutator && oneLine(a.original) === m.original && oneLine(a.replacement) === m.replacement)?.why;
}

const minutes = (seconds: number) => `${Math.floor(seconds / 60)} min ${seconds % 60} s`;

export function mutationMarkdown(runs: readonly GroupSummary[], info: { machine: string; missing: string[] }): string {
  const modules = runs.flatMap((r) => r.modules.map((m) => ({ group: r.group, ...m })));
  const sum = (key: 'mutants' | 'detected' | 'undetected' | 'ignored') => modules.reduce((n, m) => n + m[key], 0);
  const total = { mutants: sum('mutants'), detected: sum('detected'), undetected: sum('undetected'), ignored: sum('ignored') };
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  const out = [
    '# Mutation testing report',
    '',
    'Generated by `npm run test:mutation` (StrykerJS; the modules and their tests in infra/mutation/groups.json; docs/decisions/076) from the summaries of each group\'s last run in bench/mutation/. Do not edit by hand.',
    '',
    `- run time: ${minutes(seconds)} for all groups on ${info.machine} (${runs.map((r) => `${r.group} ${minutes(r.seconds)} at load ${r.load}, ${r.date.slice(0, 16)}Z`).join('; ')})`,
    `- mutants: ${total.mutants} (${total.detected} killed or timed out, ${total.undetected} survived or not covered, ${total.ignored} not run: static, or disabled in the source with a reason)`,
    `- **mutation score: ${score(total).toFixed(1)} %** (target ≥ 80 % per module)`,
    ...(info.missing.length > 0 ? [`- groups without a report yet: ${info.missing.join(', ')}`] : []),
    '',
    '| group | module | mutants | killed | survived | not run | score |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...modules.map((m) => {
      // Nothing run (every mutant static) is no score at all, not 100 %.
      const shown = m.detected + m.undetected === 0 ? 'n/a (all static)' : `${score(m).toFixed(1)} %`;
      return `| ${m.group} | ${m.module} | ${m.mutants} | ${m.detected} | ${m.undetected} | ${m.ignored} | ${shown} |`;
    }),
    `| **total** | | ${total.mutants} | ${total.detected} | ${total.undetected} | ${total.ignored} | **${score(total).toFixed(1)} %** |`,
    '',
    '## Surviving mutants',
    '',
    'Each change below passed every test of its group that runs the line. Accepted ones say why; the others are tests still to write.',
    '',
  ];
  for (const m of modules) {
    for (const s of m.survivors) {
      const why = acceptedReason(m.module, s) ?? '**not yet explained**';
      const note = s.noCoverage ? ' (no test runs it)' : s.unmeasured ? ' (not measured: its run executed no test)' : '';
      out.push(`- ${m.module}:${s.line} ${s.mutator}${note}: ${code(s.original)} → ${code(s.replacement)}. ${why}`);
    }
  }
  out.push('', '## Disabled in the source', '', 'Equivalent mutants, each with a `// Stryker disable next-line` comment saying why.', '');
  for (const m of modules) for (const d of m.disabled) out.push(`- ${m.module}:${d.line} ${d.mutator}: ${code(d.original)} → ${code(d.replacement)}. ${d.reason ?? ''}`);
  out.push('', '## Static mutants (not run)', '', 'Mutants in module-level code (constants, the table of limits) run no single test, so StrykerJS would rerun the whole group for each; `ignoreStatic` leaves them out of the score.', '');
  out.push(...modules.filter((m) => m.statics > 0).map((m) => `- ${m.module}: ${m.statics}`));
  return `${out.join('\n')}\n`;
}
