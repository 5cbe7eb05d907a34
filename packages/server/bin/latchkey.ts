#!/usr/bin/env node
import { enableCompileCache } from 'node:module';

// Node keeps the compiled code of every module it loads in a cache on disk (os.tmpdir() unless
// NODE_COMPILE_CACHE says otherwise), so each later run of the CLI starts faster. Enabled before
// the CLI is imported, so its own modules are cached too.
enableCompileCache();
const { main } = await import('../src/cli/main.ts');

process.exitCode = await main(process.argv.slice(2));
