#!/usr/bin/env node
// The `latchkey` command npm links. Installed from npm, the package has its compiled CLI in dist/
// and this runs it. In a clone of the Latchkey repository (no dist until `npm run build`), it runs
// the TypeScript sources instead, as `npm run latchkey` does, so that `npx latchkey …` works there
// as the docs write it; `npx` puts the repository's pinned Node 24 first on PATH.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const built = new URL('../dist/bin/latchkey.js', import.meta.url);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 16)) {
  console.error(
    `latchkey needs Node 22.16 or later; this is Node ${process.versions.node}. ` +
      'Install a current Node LTS (22 or 24), or in the Latchkey repository run it as `npx latchkey`, ' +
      'which uses the Node the repository pins.',
  );
  process.exit(1);
}
if (existsSync(built)) {
  await import(built.href);
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
