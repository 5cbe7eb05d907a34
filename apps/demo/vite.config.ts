import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/** `npm start` serves the demo on http://127.0.0.1:5173, an origin of the development app. */
export default defineConfig({
  plugins: [react()],
  // The SDK packages from their TypeScript sources, not their built dist (root README, Packaging).
  resolve: { conditions: ['@latchkey/source', ...defaultClientConditions] },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
