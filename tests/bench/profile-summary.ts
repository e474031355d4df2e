/**
 * A V8 CPU profile summed by self time per area (our code, tRPC, drizzle, mysql2, undici's fetch
 * classes, node internals, garbage collection) and per function: used by the profile section and
 * by the A/B, which puts two commits' figures side by side per request.
 */
import type { Profiler } from 'node:inspector';

export function areaOf(url: string, name: string): string {
  if (name === '(garbage collector)') return 'garbage collection';
  if (name === '(program)' || name === '(idle)') return name;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:') || (!url && name)) return url.includes('undici') || url.includes('fetch') ? 'node fetch (undici)' : 'node internals';
  if (url.includes('/packages/api/')) return 'app: packages/api';
  if (url.includes('/packages/core/')) return 'app: packages/core';
  return url ? 'other' : 'native';
}

export interface ProfileSummary {
  /** Sampled time in µs, idle included. */
  total: number;
  /** Not idle, µs. */
  busy: number;
  byArea: Map<string, number>;
  /** Keyed `name file:line`. */
  byFunction: Map<string, number>;
  /** Keyed `name file` (no line), to match the same function across two commits. */
  byFunctionName: Map<string, number>;
}

export function summarise(profile: Profiler.Profile): ProfileSummary {
  // Self time per node in µs: each sample lasts its time delta (µs, as V8 reports them).
  const self = new Map<number, number>();
  profile.samples?.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const byFunctionName = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, t: number) => map.set(key, (map.get(key) ?? 0) + t);
  for (const node of profile.nodes) {
    const t = self.get(node.id) ?? 0;
    if (!t) continue;
    const { url: file, functionName, lineNumber } = node.callFrame;
    add(byArea, areaOf(file, functionName), t);
    const short = file ? file.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(packages|tests)\//, '$1/') : '';
    add(byFunction, `${functionName || '(anonymous)'} ${short ? `${short}:${lineNumber + 1}` : ''}`.trim(), t);
    add(byFunctionName, `${functionName || '(anonymous)'} ${short}`.trim(), t);
  }
  return { total, busy: total - (byArea.get('(idle)') ?? 0), byArea, byFunction, byFunctionName };
}

export const top = (map: Map<string, number>, n: number) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
