import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Browser e2e (`npm run test:e2e`, part of `npm test`): the real server in-process, the built demo
 * app on another origin, and Debian's Chromium driven by playwright-core. Each file starts its own
 * stack on ports of its own, so several files run at once (CI: 572 s → 345 s with two).
 */
export default defineConfig({
  // The workspace packages from their TypeScript sources, not their built dist (root README, Packaging).
  resolve: { conditions: ['@latchkey/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@latchkey/source', ...defaultServerConditions] } },
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // Three files at once on two cores: a browser test spends much of its time waiting (the modal's
    // timed closes, polls, blocks being mined), so the cores are idle for part of it. Nine browser files
    // ran in 120 and 149 s with three workers against 159 and 164 s with two (user + sys ≈ 80 s each
    // time, on a loaded machine), and stayed green.
    maxWorkers: 3,
    pool: 'forks',
    // A worker keeps its modules from one file to the next (the stack's server, the test kit): each
    // file still starts its own stack and browser (e2e run: 695 → 610 s).
    isolate: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
