import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * The dashboard is served by the Latchkey server under `/dashboard/` (its files built into the server
 * package, see build.ts). `npm run dev` here serves it on :5174 and proxies the admin API to a
 * server on :8787 (`npm start`), so its calls stay same-origin as in production.
 */
export default defineConfig({
  base: '/dashboard/',
  plugins: [react()],
  resolve: { conditions: ['@latchkey/source', ...defaultClientConditions] },
  server: {
    host: '127.0.0.1',
    port: 5174,
    strictPort: true,
    proxy: { '/admin/v1': 'http://127.0.0.1:8787', '/openapi.json': 'http://127.0.0.1:8787' },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
