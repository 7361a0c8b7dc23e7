import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API of `npm run dev` (PORT as for the server, default 3000); API_URL points elsewhere.
const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The built app is served under a CSP without inline scripts: keep everything in files.
    assetsInlineLimit: 0,
    manifest: true,
    sourcemap: false,
    rollupOptions: {
      treeshake: {
        // packages/shared only declares schemas and constants: importing one of its files for a single
        // export must not pull in the others (their top-level z.object() calls look like side effects).
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]shared[\\/]/.test(id),
      },
    },
  },
});
