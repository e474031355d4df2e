import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { buildOutput } from './build-output';
import { chunkGroups, type ModuleGraph } from './chunk-groups';
import { pagePreload } from './page-preload';
import { splitTextCatalogue } from './text-catalogue-split';

const groupOf = chunkGroups(fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, ''));

export default defineConfig({
  plugins: [splitTextCatalogue(), react(), tailwindcss(), pagePreload(), buildOutput()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // 'hidden': maps without a sourceMappingURL comment; build-output.ts moves them out of what is served.
    sourcemap: 'hidden',
    manifest: true,
    // The HTML still names the first load's files; but no list of every lazy chunk's dependencies in the
    // first load (1.7 KB gzip, mostly file hashes): a lazy page's shared chunks are found when it loads,
    // and links prefetch pages on intent anyway (decision 075). Lazy CSS (the charts') still comes with its chunk.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      // tRPC's client packages declare no `sideEffects`, so their WebSocket client class (a static field
      // set by a helper call) stayed in the first load, unused: 0.8 KB gzip. They have none (decision 075).
      treeshake: { moduleSideEffects: [{ test: /node_modules\/@trpc\/(client|tanstack-react-query)\//, sideEffects: false }] },
      output: {
        codeSplitting: {
          // A page's chunk holds only what its group names; what it shares with the first load stays there.
          groups: [{ name: (id: string, graph: ModuleGraph) => groupOf(id, graph), debugName: 'first-load and main pages', includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
