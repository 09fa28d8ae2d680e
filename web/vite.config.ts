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
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
