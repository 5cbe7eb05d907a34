/**
 * `npm run lint` (so `npm test`) runs this: it fails when any file imports another package's `src/`
 * or `test/`, or e2e's or bench's files from outside them (the rule: scripts/import-rule.ts).
 * `node scripts/check-imports.ts [root]` checks another workspace (the rule's test uses that).
 */
import { join } from 'node:path';
import { checkImports } from './import-rule.ts';

const violations = checkImports(process.argv[2] ?? join(import.meta.dirname, '..'));
for (const v of violations) console.error(`${v.file}:${v.line}: '${v.specifier}' ${v.reason}`);
if (violations.length > 0) {
  console.error(`\n${violations.length} import(s) break the workspace import rule (scripts/import-rule.ts).`);
  process.exit(1);
}
console.log('Imports: no package reaches into another package’s src/ or test/.');
