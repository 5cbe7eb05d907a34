import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The workspace packages from their TypeScript sources, not their built dist (root README, Packaging).
  resolve: { conditions: ['@latchkey/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@latchkey/source', ...defaultServerConditions] } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/src/**/*.test.tsx',
      'packages/*/test/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker per core (vitest's default leaves one core free): the tests mostly wait on the
    // databases, servers and child processes they start, so both cores stay busy (CI: 423 s → 238 s).
    maxWorkers: '100%',
  },
});
