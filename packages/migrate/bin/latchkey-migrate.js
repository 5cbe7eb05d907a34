#!/usr/bin/env node
// The `latchkey-migrate` command npm links (`npx @latchkey/migrate`). Installed from npm, it runs the
// compiled code in dist/; in a clone of the Latchkey repository, the TypeScript sources (a dist there
// may be older than them). A clone is told by the package's build config, which is not published.
import { existsSync } from 'node:fs';

const clone = existsSync(new URL('../tsconfig.build.json', import.meta.url));
const { main } = await import(clone ? '../src/cli.ts' : '../dist/cli.js');
process.exitCode = main(process.argv.slice(2));
