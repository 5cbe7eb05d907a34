/**
 * `npm run lint` (so `npm test`) runs this: it fails when two tracked files differ only by case, as
 * they are or as they build (the rule: scripts/file-name-rule.ts). `node scripts/check-file-names.ts
 * [root]` checks another checkout (the rule's test uses that).
 */
import { join } from 'node:path';
import { fileNameClashes, trackedFiles } from './file-name-rule.ts';

const clashes = fileNameClashes(trackedFiles(process.argv[2] ?? join(import.meta.dirname, '..')));
for (const clash of clashes)
  console.error(`${clash.files.join(', ')}: one file (${clash.name}) on macOS and Windows`);
if (clashes.length > 0) {
  console.error(`\n${clashes.length} file name(s) differ only by case (scripts/file-name-rule.ts).`);
  process.exit(1);
}
console.log('File names: no two differ only by case.');
