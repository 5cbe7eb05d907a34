/**
 * `npm run lint` (so `npm test`) runs this: it fails when a server `z.enum([...])` spells values of
 * a protocol list instead of using the list (the rule: scripts/enum-rule.ts).
 * `node scripts/check-enums.ts [root]` checks another tree (the rule's test uses that).
 */
import { join } from 'node:path';
import { checkEnums } from './enum-rule.ts';

const violations = checkEnums(process.argv[2] ?? join(import.meta.dirname, '..'));
for (const v of violations)
  console.error(
    `${v.file}:${v.line}: z.enum([${v.values.map((value) => `'${value}'`).join(', ')}]) repeats ${v.list.name} (${v.list.file}): use z.enum(${v.list.name}), or a list derived from it`,
  );
if (violations.length > 0) {
  console.error(`\n${violations.length} enum(s) repeat a protocol list (scripts/enum-rule.ts).`);
  process.exit(1);
}
console.log('Enums: every server z.enum that names protocol values takes them from the protocol.');
