/**
 * `npm run lint` (so `npm test`) runs this: it fails on a file or folder import cycle in any package
 * (but the allowed file cycles, while they last), or an import up the layers a package declares (the
 * rule and the layers: scripts/layer-rule.ts).
 */
import { join } from 'node:path';
import { checkLayers, packageLayers } from './layer-rule.ts';

const violations = checkLayers(join(import.meta.dirname, '..'));
for (const v of violations) console.error(`${v.file}: ${v.specifier ? `'${v.specifier}' ` : ''}${v.reason}`);
if (violations.length > 0) {
  console.error(`\n${violations.length} layering problem(s) (scripts/layer-rule.ts).`);
  process.exit(1);
}
const allowed = packageLayers.flatMap((policy) =>
  (policy.allowedFileCycles ?? []).map(
    (cycle) => `${policy.src}: ${cycle.files.join(' ↔ ')} ("${cycle.note}")`,
  ),
);
const fileCycles =
  allowed.length === 0 ? 'no file cycles' : `no file cycles but ${allowed.length} allowed for now`;
console.log(`Layers: no folder cycles, ${fileCycles}, no import up a layer.`);
for (const cycle of allowed) console.log(`  ${cycle}`);
