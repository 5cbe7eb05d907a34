/**
 * `latchkey-migrate [--dry-run | --check] <folder or file>…`: migrates an app from the incumbent's React
 * SDK in place. Exit code 0 when done (or, with --check, when nothing would change), 1 when --check
 * finds something to change, 2 on an error (a file that does not parse is left as it is, a path that
 * does not exist, a wrong argument).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { listFiles } from './files.ts';
import { changedLines, findingLine, summary, type Totals } from './report.ts';
import { type FileResult, migrateSource } from './rewrite.ts';

export interface CliIo {
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
}

const usage = `Usage: latchkey-migrate [--dry-run | --check] <folder or file>…

Rewrites an app from @privy-io/react-auth to @latchkey/react in place: the imports, and
PrivyProvider to LatchkeyProvider. Folders are searched for .ts, .tsx, .mts, .cts, .js, .jsx, .mjs
and .cjs files (not node_modules, dist or .git).

  --dry-run  print the lines that would change; write nothing
  --check    write nothing; exit 1 if any file would change
  --help     print this`;

const processIo = (): CliIo => ({
  cwd: process.cwd(),
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});

function migrateFile(path: string): FileResult {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { output: '', edits: [], warnings: [], errors: [{ line: 1, message: `cannot read: ${error}` }] };
  }
  try {
    return migrateSource(text, path);
  } catch (error) {
    // A bug of the codemod on this file: reported, and the file left as it was.
    return {
      output: text,
      edits: [],
      warnings: [],
      errors: [{ line: 1, message: `not migrated: ${error}` }],
    };
  }
}

/** Runs the command with `argv` (the arguments after the command's name); resolves to the exit code. */
export function main(argv: readonly string[], io: CliIo = processIo()): number {
  const flags = new Set<string>();
  const paths: string[] = [];
  let onlyPaths = false;
  for (const argument of argv) {
    if (onlyPaths || !argument.startsWith('-')) paths.push(argument);
    else if (argument === '--') onlyPaths = true;
    else if (['--dry-run', '--check', '--help', '-h'].includes(argument)) flags.add(argument);
    else {
      io.err(`Unknown option ${argument}\n\n${usage}`);
      return 2;
    }
  }
  if (flags.has('--help') || flags.has('-h')) {
    io.out(usage);
    return 0;
  }
  if (paths.length === 0) {
    io.err(`Name the folders or files to migrate.\n\n${usage}`);
    return 2;
  }
  const check = flags.has('--check');
  const dryRun = flags.has('--dry-run');
  const writes = !check && !dryRun;

  const { files, missing, ignored } = listFiles(paths, io.cwd);
  const totals: Totals = { scanned: files.length, changed: 0, edits: 0, warnings: 0, errors: missing.length };
  for (const path of missing) io.err(`${path}: error: no such file or folder`);
  for (const path of ignored) io.out(`${path}: skipped: not a JavaScript or TypeScript file`);

  for (const path of files) {
    const name = relative(io.cwd, path) || path;
    const result = migrateFile(path);
    for (const error of result.errors) io.err(findingLine(name, 'error', error));
    if (result.errors.length > 0) io.err(`${name}: left as it is`);
    totals.errors += result.errors.length;
    if (result.edits.length > 0 && result.errors.length === 0) {
      totals.changed++;
      totals.edits += result.edits.length;
      const edits = `${result.edits.length} edit${result.edits.length === 1 ? '' : 's'}`;
      io.out(`${name}: ${edits}${writes ? '' : ' (not written)'}`);
      if (dryRun) for (const line of changedLines(readFileSync(path, 'utf8'), result.output)) io.out(line);
      if (writes) writeFileSync(path, result.output);
    }
    for (const warning of result.warnings) io.out(findingLine(name, 'warning', warning));
    totals.warnings += result.warnings.length;
  }
  io.out(summary(totals, writes));
  if (totals.errors > 0) return 2;
  return check && totals.changed > 0 ? 1 : 0;
}
