/**
 * `npm run lint` (so `npm test`) runs this: it fails when an export of `@latchkey/react` or a
 * function of `@latchkey/node` has no heading in `docs/`, or a ```ts example / ```tsx example block
 * in `docs/` does not compile (the rule: scripts/docs-rule.ts).
 */
import { join } from 'node:path';
import { checkDocs } from './docs-rule.ts';

const { problems, examples, names } = checkDocs(join(import.meta.dirname, '..'));
for (const p of problems) console.error(`${p.file}: ${p.message}`);
if (problems.length > 0) {
  console.error(`\n${problems.length} docs problem(s) (scripts/docs-rule.ts).`);
  process.exit(1);
}
console.log(`Docs: ${names} exports documented, ${examples} examples compile.`);
