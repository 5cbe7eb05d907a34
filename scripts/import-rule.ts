/**
 * The workspace's import rule: no file imports another package's internals. A package's `src/` and
 * `test/` are its own; other packages reach it through its name and `exports` map only
 * (`@latchkey/server`, `@latchkey/server/testing`, `@latchkey/test/...`). The root package's test
 * folders (`e2e/`, `bench/`) count as units of their own, wholly internal, so that bench does not
 * borrow e2e's files and e2e does not lend them.
 *
 * Specifiers come from TypeScript's own pre-processor (static, type-only, dynamic and `import()`
 * type imports, re-exports and `require`), so comments and strings are never mistaken for imports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** A package (or a root test folder) and the folders of it that are its own business. */
export interface Unit {
  name: string;
  dir: string;
  /** Folders under `dir` no other unit may import from; `['']` means all of `dir`. */
  internal: string[];
}

export interface Violation {
  /** The importing file, relative to the root. */
  file: string;
  line: number;
  specifier: string;
  reason: string;
}

/** Folders of the root package that are test harnesses rather than code others may share. */
const rootTestFolders = ['e2e', 'bench'];
const packageInternals = ['src', 'test'];
const sourceExtensions = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs']);
/** Never source of ours: installed packages, build output, and tool state (all gitignored). */
const skippedFolders = new Set(['node_modules', 'dist', 'artifacts', 'test-results']);

function readJson(path: string): { name?: string; workspaces?: string[] } {
  return JSON.parse(readFileSync(path, 'utf8')) as { name?: string; workspaces?: string[] };
}

/** The root package's workspace packages (`dir/*` and `dir` patterns) and its own test folders. */
export function workspaceUnits(root: string): Unit[] {
  const manifest = readJson(join(root, 'package.json'));
  const units: Unit[] = [];
  for (const pattern of manifest.workspaces ?? []) {
    if (pattern.includes('*') && !/^[^*]+\/\*$/.test(pattern))
      throw new Error(`import rule: workspace pattern ${pattern} is not supported (only "dir" and "dir/*")`);
    const dirs = pattern.endsWith('/*')
      ? readdirSync(join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => join(root, pattern.slice(0, -2), entry.name))
      : [join(root, pattern)];
    for (const dir of dirs) {
      let name: string | undefined;
      try {
        name = readJson(join(dir, 'package.json')).name;
      } catch {
        continue; // a folder without a package.json is not a package
      }
      if (name) units.push({ name, dir, internal: packageInternals });
    }
  }
  for (const folder of rootTestFolders) units.push({ name: folder, dir: join(root, folder), internal: [''] });
  units.push({ name: manifest.name ?? 'root', dir: root, internal: [] });
  return units;
}

const inside = (path: string, dir: string) => path === dir || path.startsWith(dir + sep);

/** The unit a path belongs to: the deepest one holding it. */
function unitOf(units: Unit[], path: string): Unit | undefined {
  let best: Unit | undefined;
  for (const unit of units)
    if (inside(path, unit.dir) && (!best || unit.dir.length > best.dir.length)) best = unit;
  return best;
}

/** `@scope/name/sub/path` or `name/sub/path` → the package name and the subpath ('' for none). */
function splitBare(specifier: string): { name: string; subpath: string } {
  const parts = specifier.split('/');
  const take = specifier.startsWith('@') ? 2 : 1;
  return { name: parts.slice(0, take).join('/'), subpath: parts.slice(take).join('/') };
}

/** A path reached through `node_modules/<package>/`, mapped to the workspace folder it links to. */
function throughNodeModules(units: Unit[], path: string): string {
  const marker = `${sep}node_modules${sep}`;
  const at = path.lastIndexOf(marker);
  if (at < 0) return path;
  const { name, subpath } = splitBare(
    path
      .slice(at + marker.length)
      .split(sep)
      .join('/'),
  );
  const unit = units.find((u) => u.name === name);
  return unit ? join(unit.dir, subpath) : path;
}

function internalFolder(unit: Unit, path: string): string | null {
  const rest = relative(unit.dir, path);
  for (const folder of unit.internal)
    if (folder === '' || rest === folder || rest.startsWith(folder + sep)) return folder;
  return null;
}

/** Why `specifier`, imported by `file`, breaks the rule; null when it does not. */
export function violationOf(units: Unit[], file: string, specifier: string): string | null {
  const from = unitOf(units, file);
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const target = throughNodeModules(units, resolve(dirname(file), specifier));
    const to = unitOf(units, target);
    if (!to || to === from) return null;
    const folder = internalFolder(to, target);
    if (folder === null) return null;
    const what = folder === '' ? to.name : `${to.name}'s ${folder}/`;
    return `reaches into ${what} by path: use a package entry (@latchkey/test/… for shared test parts)`;
  }
  const { name, subpath } = splitBare(specifier);
  const to = units.find((u) => u.name === name);
  if (!to || to === from) return null;
  const folder = internalFolder(to, join(to.dir, subpath));
  if (folder === null || folder === '') return null;
  return `imports ${to.name}'s ${folder}/ by its workspace path: use an entry of its exports map`;
}

/** Every source file under `root`, skipping installed packages, build output and dot-folders. */
export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || skippedFolders.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && sourceExtensions.has(extname(entry.name)) && !entry.name.endsWith('.d.ts'))
        files.push(path);
    }
  };
  walk(root);
  return files.sort();
}

/** Every import under `root` that breaks the rule. */
export function checkImports(root: string): Violation[] {
  const absoluteRoot = resolve(root);
  const units = workspaceUnits(absoluteRoot);
  const violations: Violation[] = [];
  for (const file of sourceFiles(absoluteRoot)) {
    const text = readFileSync(file, 'utf8');
    for (const imported of ts.preProcessFile(text, true, true).importedFiles) {
      const reason = violationOf(units, file, imported.fileName);
      if (!reason) continue;
      const line = text.slice(0, imported.pos).split('\n').length;
      violations.push({ file: relative(absoluteRoot, file), line, specifier: imported.fileName, reason });
    }
  }
  return violations;
}
