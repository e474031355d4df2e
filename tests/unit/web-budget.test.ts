/**
 * The web build as shipped: the first load stays within its JavaScript budget (sizes from the
 * build manifest, not timing), heavy libraries load only when used, and nothing that is served
 * gives away the source (decision 022): no source maps or manifest in dist, no
 * sourceMappingURL comments; every text asset has its pre-compressed twins.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, landing, valuation } from '@bedriftstorget/core/texts/nb';
import { browse, detail } from '@bedriftstorget/core/texts/marketplace';
import { benchWeb, INITIAL_JS_BUDGET_GZIP, initialSources, KEPT_OUT_OF_FIRST_LOAD, type WebBundleFigures } from '../bench/web';

const OUT_DIR = join(process.cwd(), '.data/test-web-budget/web');
let figures: WebBundleFigures;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => statSync(join(dir, name)).isFile());
}

beforeAll(() => {
  figures = benchWeb(OUT_DIR);
}, 300_000);

describe('web build', () => {
  it(`keeps the first load of landing, browse and detail within ${INITIAL_JS_BUDGET_GZIP / 1024} KB of gzip JavaScript each`, () => {
    expect(figures.initial.js.gzip).toBeGreaterThan(50 * 1024); // it measured something real
    expect(figures.pages.map(({ route }) => route)).toEqual(['/', '/alle-annonser', '/bedrift/:id']);
    for (const page of figures.pages) {
      expect(page.js.gzip, page.route).toBeGreaterThan(figures.initial.js.gzip); // the page's own chunk is counted
      expect(page.js.gzip, page.route).toBeLessThanOrEqual(INITIAL_JS_BUDGET_GZIP);
    }
  });

  it('loads form, menu and realtime libraries and the signed-in pages only when used', () => {
    const sources = initialSources(OUT_DIR);
    expect(sources.some((source) => source.includes('node_modules/react-dom/'))).toBe(true);
    for (const library of KEPT_OUT_OF_FIRST_LOAD) {
      expect(sources.filter((source) => source.includes(`node_modules/${library}/`)), library).toEqual([]);
    }
    for (const page of ['features/wizard/', 'features/admin/', 'features/messages/', 'features/my-listings/', 'features/profile/', 'features/auth/auth-page']) {
      expect(sources.filter((source) => source.includes(page)), page).toEqual([]);
    }
    for (const part of figures.lazy) expect(part.js.raw, part.route).toBeGreaterThan(0);
  });

  it("carries on each main page neither another main page's code nor texts only lazy pages use", () => {
    const code = (route: string) => figures.pages.find((page) => page.route === route)!.files.map((file) => readFileSync(join(OUT_DIR, file), 'utf8')).join('\n');
    const [landingJs, browseJs, detailJs] = ['/', '/alle-annonser', '/bedrift/:id'].map(code) as [string, string, string];
    expect(landingJs).toContain(landing.heroTitle);
    expect(browseJs).toContain(browse.heroText);
    expect(detailJs).toContain(detail.backToSearch);
    expect(landingJs).not.toContain(browse.heroText);
    expect(landingJs).not.toContain(detail.backToSearch);
    expect(browseJs).not.toContain(landing.heroTitle);
    expect(detailJs).not.toContain(browse.heroText);
    // nb.ts holds the header's texts and the sign-in page's: only the header's come along (the catalogue is split per text).
    for (const js of [landingJs, browseJs, detailJs]) {
      expect(js).not.toContain(auth.wrongCredentials);
      expect(js).not.toContain(valuation.disclaimer);
    }
  });

  it('serves no source maps or build manifest, and pre-compresses every text asset', () => {
    const served = filesUnder(OUT_DIR);
    expect(served.filter((file) => file.endsWith('.map') || file.includes('.vite'))).toEqual([]);
    for (const file of served.filter((name) => /\.(js|css|html)$/.test(name))) {
      const text = readFileSync(join(OUT_DIR, file), 'utf8');
      expect(text, file).not.toMatch(/sourceMappingURL/);
      if (text.length >= 1024) {
        expect(existsSync(join(OUT_DIR, `${file}.br`)) && existsSync(join(OUT_DIR, `${file}.gz`)), file).toBe(true);
      }
    }
    // The maps are kept, outside what is served, for error reports.
    expect(filesUnder(`${OUT_DIR}-meta`).filter((file) => file.endsWith('.js.map')).length).toBeGreaterThan(5);
  });
});
