import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The API of `npm run dev` (PORT as for the server, default 3000); API_URL points elsewhere.
const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;

/** Mantine's blue 8, the theme's primary shade (src/app/theme.ts) and the brand mark's colour. */
const THEME_COLOUR = '#1971c2';

export default defineConfig({
  plugins: [
    react(),
    // Installable, and every page opens without a network once the app has been opened online.
    VitePWA({
      // A new deploy installs, takes over at once (skipWaiting, clientsClaim below) and reloads the
      // open pages, so nobody is kept on an old version whose lazy chunks the server no longer has.
      registerType: 'autoUpdate',
      // Registered from src/main.tsx (production builds only), never by an inline script.
      injectRegister: false,
      // The icons are in the precache already (globPatterns).
      includeManifestIcons: false,
      manifest: {
        name: 'Attend',
        short_name: 'Attend',
        description: 'Event attendance and check-in. Events made easy. Attendees made happy.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOUR,
        background_color: '#ffffff',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The whole app, staff pages and fonts included: a check-in station must open offline too.
        globPatterns: ['**/*.{html,js,css,woff2,svg,png}'],
        navigateFallback: '/index.html',
        // API answers are never cached: pages keep what they need themselves (lib/offline-copy.ts).
        navigateFallbackDenylist: [/^\/api(?:[/?]|$)/],
        cleanupOutdatedCaches: true,
        // Set by autoUpdate only when the plugin injects the registration itself.
        skipWaiting: true,
        clientsClaim: true,
      },
    }),
  ],
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
