import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA is served from the same origin as the API (/api/*). In development `vite` proxies /api to the
// local server started by `npm start` (port 3000 unless API_ORIGIN says otherwise).
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy: { '/api': { target: apiOrigin, changeOrigin: false } } },
  preview: { proxy: { '/api': { target: apiOrigin, changeOrigin: false } } },
  // No source maps: they would be published with the site, full TypeScript source included (ADR 023).
  // The manifest (dist/.vite/manifest.json) lets scripts/web-size.ts follow the login page's chunks.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // Every browser the portal supports preloads modules natively: the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React, React DOM and the router change only with an upgrade: one long-cached vendor chunk, apart
        // from the app's code that changes with every release (scripts/web-size.ts counts it in the login
        // page's initial JS and exempts it from the per-route budget). Everything else the entry imports
        // statically ($initial) stays in the entry chunk: left alone, the bundler splits off a small chunk
        // for each module a lazy route shares with it, which the login page then fetches one by one.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, priority: 2 },
            // pdf.js (ADR 047): only ever imported lazily (a PDF answer's viewer), its own long-cached chunk.
            { name: 'vendor-pdfjs', test: /node_modules[\\/]pdfjs-dist[\\/]/, priority: 3 },
            { name: 'login', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
