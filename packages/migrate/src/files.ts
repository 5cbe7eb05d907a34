/** The files a run reads: the files named, and the JavaScript and TypeScript files under the folders named. */
import { type Dirent, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sourceExtension } from './parse.ts';

/** Folders never searched: installed packages, build output, git's own. */
const skippedFolders = new Set(['node_modules', 'dist', '.git']);

export interface FileList {
  /** Absolute paths, sorted, each once. */
  files: string[];
  /** Paths given that do not exist. */
  missing: string[];
  /** Files given by name that are not JavaScript or TypeScript. */
  ignored: string[];
}

function walk(folder: string, files: Set<string>): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return; // unreadable: nothing of it is migrated
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    // Symbolic links are not followed (a link to a parent folder would never end).
    if (entry.isDirectory() && !skippedFolders.has(entry.name)) walk(path, files);
    else if (entry.isFile() && sourceExtension(entry.name)) files.add(path);
  }
}

/** The files under `paths` (relative to `cwd`). */
export function listFiles(paths: readonly string[], cwd: string): FileList {
  const files = new Set<string>();
  const missing: string[] = [];
  const ignored: string[] = [];
  for (const path of paths) {
    const absolute = resolve(cwd, path);
    const stats = statSync(absolute, { throwIfNoEntry: false });
    if (!stats) missing.push(path);
    else if (stats.isDirectory()) walk(absolute, files);
    else if (sourceExtension(absolute)) files.add(absolute);
    else ignored.push(path);
  }
  return { files: [...files].sort(), missing, ignored };
}
