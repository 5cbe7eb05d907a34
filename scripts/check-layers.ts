/**
 * `npm run lint` (so `npm test`) runs this: it fails on a folder import cycle in any package, or
 * an import up the layers a package declares (the rule and the layers: scripts/layer-rule.ts).
 */
import { join } from 'node:path';
import { checkLayers } from './layer-rule.ts';

const violations = checkLayers(join(import.meta.dirname, '..'));
for (const v of violations) console.error(`${v.file}: ${v.specifier ? `'${v.specifier}' ` : ''}${v.reason}`);
if (violations.length > 0) {
  console.error(`\n${violations.length} layering problem(s) (scripts/layer-rule.ts).`);
  process.exit(1);
}
console.log('Layers: no folder cycles, no import up a layer.');
