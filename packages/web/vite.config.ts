import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildOutput } from './build-output';
import { splitTextCatalogue } from './text-catalogue-split';

interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
}

/**
 * Whether every page loads this module: the entry reaches it by static imports alone. Those modules
 * go into one chunk instead of the ~20 small shared chunks Rolldown makes by default — each file on
 * the first load is a request, and on a phone's network each round of them costs a round trip
 * (decision 054). Everything behind a dynamic import stays split as before.
 */
function loadedOnEveryPage(id: string, graph: ModuleGraph, known = new Map<string, boolean>(), path = new Set<string>()): boolean {
  const cached = known.get(id);
  if (cached !== undefined) return cached;
  const info = graph.getModuleInfo(id);
  if (!info) return false;
  path.add(id);
  const initial = info.isEntry || info.importers.some((importer) => !path.has(importer) && loadedOnEveryPage(importer, graph, known, path));
  path.delete(id);
  known.set(id, initial);
  return initial;
}

const known = new Map<string, boolean>();

/** index.html and the script it names (main.tsx) stay the entry chunk, so the manifest keeps its `index.html` entry. */
function isEntryScript(id: string, graph: ModuleGraph): boolean {
  const info = graph.getModuleInfo(id);
  return !info || info.isEntry || info.importers.some((importer) => graph.getModuleInfo(importer)?.isEntry === true);
}

export default defineConfig({
  plugins: [splitTextCatalogue(), react(), tailwindcss(), buildOutput()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // 'hidden': maps without a sourceMappingURL comment; build-output.ts moves them out of what is served.
    sourcemap: 'hidden',
    manifest: true,
    rolldownOptions: {
      // tRPC's client packages declare no `sideEffects`, so their WebSocket client class (a static field
      // set by a helper call) stayed in the first load, unused: 0.8 KB gzip. They have none (decision 075).
      treeshake: { moduleSideEffects: [{ test: /node_modules\/@trpc\/(client|react-query)\//, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [{ name: (id: string, graph: ModuleGraph) => (isEntryScript(id, graph) || !loadedOnEveryPage(id, graph, known) ? null : 'first-load'), debugName: 'first-load' }],
        },
      },
    },
  },
});
