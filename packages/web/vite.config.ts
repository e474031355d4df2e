import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildOutput } from './build-output';

export default defineConfig({
  plugins: [react(), tailwindcss(), buildOutput()],
  // 'hidden': maps without a sourceMappingURL comment; build-output.ts moves them out of what is served.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: 'hidden', manifest: true },
});
