import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Browser e2e (`npm run test:e2e`, part of `npm test`): the real server in-process, the built demo
 * app on another origin, and Debian's Chromium driven by playwright-core. Each file starts its own
 * stack on ports of its own, so two files run at once, one per core (CI: 572 s → 345 s).
 */
export default defineConfig({
  // The workspace packages from their TypeScript sources, not their built dist (root README, Packaging).
  resolve: { conditions: ['@latchkey/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@latchkey/source', ...defaultServerConditions] } },
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    maxWorkers: '100%',
    pool: 'forks',
    // A worker keeps its modules from one file to the next (the stack's server, the test kit): each
    // file still starts its own stack and browser (e2e run: 695 → 610 s).
    isolate: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
