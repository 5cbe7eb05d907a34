/**
 * `npm run typecheck` (so `npm test`): `tsc` on each TypeScript project of the repo, as many
 * at once as the machine has cores. tsc uses one core; one project after the other took 59 s on two
 * cores (tsconfig.base.json: noEmit). Each failing project's errors are printed under its name, and the exit code is 1.
 */
import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');

/** The projects, the largest first so the last one to finish is a short one. */
const projects = [
  'tsconfig.json',
  'packages/core/tsconfig.json',
  'packages/react/tsconfig.json',
  'apps/dashboard/tsconfig.json',
  'apps/demo/tsconfig.json',
  'packages/wallet-frame/tsconfig.json',
  'packages/keys/tsconfig.json',
];

/** tsc's output for `project`, or null when it type-checks. */
async function check(project: string): Promise<string | null> {
  try {
    await run(process.execPath, [tsc, '-p', project], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
    return null;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return `${stdout}${stderr}`.trim() || String(error);
  }
}

const queue = [...projects];
const failures: [string, string][] = [];
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), projects.length) }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const output = await check(project);
      if (output) failures.push([project, output]);
    }
  }),
);
for (const [project, output] of failures) console.error(`${project}:\n${output}\n`);
if (failures.length > 0) process.exit(1);
console.log(`Typecheck: ${projects.length} projects pass.`);
