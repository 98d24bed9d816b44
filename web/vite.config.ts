import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dashboard is built into web/dist and served by the service itself (src/http/routes/web/static.ts).
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No inline script anywhere: the page's CSP is script-src 'self'.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
  },
  logLevel: 'warn',
});
