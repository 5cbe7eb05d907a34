import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolated } from '../vitest.config.ts';

const root = join(import.meta.dirname, '..');

describe('the unit run shares modules between files (vitest.config.ts)', () => {
  it('every test file that mocks a module runs in the isolated project, and only those', () => {
    const mocking = globSync('{packages,scripts,bench,apps}/**/*.test.{ts,tsx}', {
      cwd: root,
      exclude: (path) => path.includes('node_modules'),
    }).filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(root, file), 'utf8')));
    expect(mocking.sort()).toEqual([...isolated].sort());
  });
});
