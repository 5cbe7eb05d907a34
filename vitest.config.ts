import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const include = [
  'packages/*/src/**/*.test.ts',
  'packages/*/src/**/*.test.tsx',
  'packages/*/test/**/*.test.ts',
  'scripts/**/*.test.ts',
  'bench/**/*.test.ts',
  'apps/*/src/**/*.test.ts',
];

/**
 * Files that need modules of their own: their `vi.mock` replaces a module other files load for real,
 * which works only in a module graph that file is first to fill.
 */
export const isolated = [
  'packages/server/src/crypto/pkcs11-missing.test.ts',
  'packages/keys/src/derive-ethereum-retry.test.ts',
  'packages/react/src/hooks/usePrivy.test.tsx',
];

export default defineConfig({
  // The workspace packages from their TypeScript sources, not their built dist (root README, Packaging).
  resolve: { conditions: ['@latchkey/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@latchkey/source', ...defaultServerConditions] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker per core (vitest's default leaves one core free): the tests mostly wait on the
    // databases, servers and child processes they start, so both cores stay busy (CI: 423 s → 238 s).
    maxWorkers: '100%',
    // Both projects take the settings above (`extends: true`).
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include,
          exclude: isolated,
          // A worker keeps its modules from one file to the next: loading the server's few hundred
          // modules afresh for every file cost 230 s of the run's CPU (the unit run: 569 s → 388 s).
          // Tests restore what they change (globals, timers, fetch), and each starts its own servers.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: isolated } },
    ],
  },
});
