import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { webBuildIsStale } from '../../infra/local/web-build';

/** `npm start` builds the web app when there is none or a source changed after it (infra/local/web-build.ts). */
function project() {
  const root = mkdtempSync(join(tmpdir(), 'web-build-'));
  mkdirSync(join(root, 'packages/web/src/features'), { recursive: true });
  mkdirSync(join(root, 'packages/core/src/texts'), { recursive: true });
  mkdirSync(join(root, 'dist'));
  const at = (path: string, seconds: number) => utimesSync(join(root, path), seconds, seconds);
  writeFileSync(join(root, 'packages/web/src/features/page.tsx'), '');
  writeFileSync(join(root, 'packages/core/src/texts/nb.ts'), '');
  for (const path of ['packages/web/src/features/page.tsx', 'packages/web/src/features', 'packages/web/src', 'packages/core/src/texts/nb.ts', 'packages/core/src/texts', 'packages/core/src']) at(path, 1_000);
  return { root, dist: join(root, 'dist'), at };
}

describe('the web build of npm start', () => {
  it('is stale without a build', () => {
    const { root, dist } = project();
    expect(webBuildIsStale(root, dist)).toBe(true);
  });

  it('is fresh when built after every source, and stale once a page or a shared text changes', () => {
    const { root, dist, at } = project();
    writeFileSync(join(dist, 'index.html'), '');
    at('dist/index.html', 2_000);
    expect(webBuildIsStale(root, dist)).toBe(false);
    at('packages/web/src/features/page.tsx', 3_000);
    expect(webBuildIsStale(root, dist)).toBe(true);
    at('packages/web/src/features/page.tsx', 1_000);
    at('packages/core/src/texts/nb.ts', 3_000);
    expect(webBuildIsStale(root, dist)).toBe(true);
  });
});
