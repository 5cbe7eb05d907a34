import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractExamples, hasHeading, typecheckExamples, valueExports } from './docs-rule.ts';

const root = join(import.meta.dirname, '..');

describe('the docs rule', () => {
  it('finds the marked examples only, with the line they start on', () => {
    const docs = new Map([
      ['docs/a.md', '# A\n\n```ts\nnot checked\n```\n\n```tsx example\nconst x = 1;\n```\n'],
      ['docs/b.md', '```ts example\nexport const y: number = 2;\n```'],
    ]);
    expect(extractExamples(docs)).toEqual([
      { file: 'docs/a.md', line: 8, lang: 'tsx', code: 'const x = 1;' },
      { file: 'docs/b.md', line: 2, lang: 'ts', code: 'export const y: number = 2;' },
    ]);
  });

  it('a heading names an export as a word or in backticks, not as part of a longer name', () => {
    const docs = new Map([['docs/a.md', '## `useLogin`\n\ntext useLogout\n### useWallets and more']]);
    expect(hasHeading(docs, 'useLogin')).toBe(true);
    expect(hasHeading(docs, 'useWallets')).toBe(true);
    expect(hasHeading(docs, 'useLogout')).toBe(false);
    expect(hasHeading(docs, 'useLog')).toBe(false);
  });

  it("reads @latchkey/react's runtime exports (hooks and components, not types)", () => {
    const names = valueExports(join(root, 'packages/react/src/index.ts')).map((e) => e.name);
    expect(names).toContain('useLatchkey');
    expect(names).toContain('LatchkeyProvider');
    expect(names).not.toContain('UseLatchkeyReturnType');
  });

  it('an example that does not compile is reported at its doc line; one that does passes', () => {
    const problems = typecheckExamples(root, [
      {
        file: 'docs/x.md',
        line: 10,
        lang: 'tsx',
        code: "import { useLatchkey } from '@latchkey/react';\nexport const f = () => useLatchkey().notAHookMember;",
      },
      {
        file: 'docs/y.md',
        line: 3,
        lang: 'ts',
        code: "import { verifyAccessToken } from '@latchkey/node';\nexport const v = verifyAccessToken;",
      },
    ]);
    expect(problems).toEqual([
      {
        file: 'docs/x.md:11',
        message: expect.stringContaining("Property 'notAHookMember' does not exist"),
      },
    ]);
  }, 120_000);
});
