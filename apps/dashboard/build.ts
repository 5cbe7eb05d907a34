/**
 * Builds the dashboard with Vite into the server package's `dashboard/` folder (or `outDir`), where the
 * server serves it at `/dashboard` and from where the published `@latchkey/server` ships it. The
 * server's `npm run build` runs this file; a development server without the files calls
 * `buildDashboard` on first use.
 */
import { join } from 'node:path';
import { build } from 'vite';

export const serverDashboardDir = join(import.meta.dirname, '../../packages/server/dashboard');

export async function buildDashboard(outDir: string = serverDashboardDir): Promise<void> {
  await build({
    root: import.meta.dirname,
    configFile: join(import.meta.dirname, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

if (import.meta.main) await buildDashboard(process.argv[2]);
