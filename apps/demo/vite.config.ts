import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** `npm start` serves the demo on http://127.0.0.1:5173, an origin of the development app. */
export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
