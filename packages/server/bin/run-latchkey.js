#!/usr/bin/env node
// The `latchkey` command npm links. Installed from npm, the package runs its compiled CLI in dist/.
// In a clone of the Latchkey repository it runs the TypeScript sources, as `npm run latchkey` does
// (a dist there may be older than the sources), so that `npx latchkey …` works there as the docs
// write it; `npx` puts the repository's pinned Node 24 first on PATH. A clone is told by the package's
// build config, which is not published (package.json "files").
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const clone = existsSync(new URL('../tsconfig.build.json', import.meta.url));
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 16)) {
  console.error(
    `latchkey needs Node 22.16 or later; this is Node ${process.versions.node}. ` +
      'Install a current Node LTS (22 or 24), or in the Latchkey repository run it as `npx latchkey`, ' +
      'which uses the Node the repository pins.',
  );
  process.exit(1);
}
if (!clone) {
  await import('../dist/bin/latchkey.js');
} else {
  const source = new URL('./latchkey.ts', import.meta.url);
  const child = spawn(
    process.execPath,
    ['--conditions=@latchkey/source', source.pathname, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  // Ctrl-C reaches the child through the terminal's process group; a signal sent to this process
  // alone (a supervisor's SIGTERM) is passed on. Either way this process exits as the child does.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}
