import { describe, expect, it } from 'vitest';
import { chunkGroups, type ModuleGraph } from '../../packages/web/chunk-groups';

/**
 * The web build's chunk groups (packages/web/chunk-groups.ts) never make the first load import from a
 * main page's chunk: that cycle left every page blank ('S is not a function') when a module shared
 * with a lazy page went to the first load while its own text stayed in the detail page's chunk.
 */
const ROOT = '/app/packages/web';
const id = (path: string) => `${ROOT}/${path}`;

function graph(edges: Record<string, { imports?: string[]; lazy?: string[]; entry?: boolean }>): ModuleGraph {
  const importers = (target: string, kind: 'imports' | 'lazy') => Object.entries(edges).filter(([, e]) => (e[kind] ?? []).includes(target)).map(([from]) => from);
  return {
    getModuleInfo: (module) => (module in edges || Object.values(edges).some((e) => [...(e.imports ?? []), ...(e.lazy ?? [])].includes(module))
      ? { isEntry: edges[module]?.entry ?? false, importers: importers(module, 'imports'), dynamicImporters: importers(module, 'lazy'), importedIds: edges[module]?.imports ?? [], dynamicallyImportedIds: edges[module]?.lazy ?? [] }
      : null),
  };
}

describe('chunk groups', () => {
  const detail = id('src/features/listing-detail/detail-page.tsx');
  const modules = graph({
    [id('index.html')]: { entry: true, imports: [id('src/main.tsx')] },
    [id('src/main.tsx')]: { imports: [id('src/app.tsx')] },
    [id('src/app.tsx')]: { lazy: [detail, id('src/features/wizard/wizard-page.tsx'), id('src/features/landing/landing-page.tsx'), id('src/features/browse/browse-page.tsx')] },
    [detail]: { imports: [id('src/lib/errors.ts'), id('src/features/listing-detail/gallery.tsx')] },
    [id('src/features/wizard/wizard-page.tsx')]: { imports: [id('src/lib/errors.ts')] },
    [id('src/lib/errors.ts')]: { imports: ['/app/packages/core/src/texts/http.ts?text=request&prop=unavailable'] },
  });

  it("puts a module a lazy page shares with the detail page in the first load, and what only that module imports with it", () => {
    const groupOf = chunkGroups(ROOT);
    expect(groupOf(id('src/lib/errors.ts'), modules)).toBe('first-load');
    expect(groupOf('/app/packages/core/src/texts/http.ts?text=request&prop=unavailable', modules)).toBe('first-load');
    // The detail page's own parts stay in its chunk.
    expect(groupOf(id('src/features/listing-detail/gallery.tsx'), modules)).toBe('detail');
  });

  it('asks in the other order too: the text first', () => {
    const groupOf = chunkGroups(ROOT);
    expect(groupOf('/app/packages/core/src/texts/http.ts?text=request&prop=unavailable', modules)).toBe('first-load');
  });
});
