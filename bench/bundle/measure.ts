import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

export interface OutputFile {
  /** Path relative to the build's output dir. */
  file: string;
  bytes: number;
  gzipBytes: number;
  /** Part of the first load: the entry chunk, its CSS, or reached from it by static imports. */
  firstLoad: boolean;
  /**
   * What the file is made of: its largest sources (a package, or a folder of ours), each with the
   * share of the file's minified bytes, e.g. `core/embedded 61%, @scure/base 12%`. Chunk names are
   * content hashes, so this is how a chunk is recognised from one run to the next.
   */
  contents: string;
}

export interface BundleMeasurement {
  entry: string;
  files: OutputFile[];
  /** gzip bytes of the entry chunk plus everything it imports statically, transitively. */
  firstLoadGzip: number;
  /** gzip bytes of every output file (JS chunks, lazy ones included, and CSS). */
  totalGzip: number;
  totalBytes: number;
}

/**
 * Bundles `entry` the way the budget says (`--bundle --minify --format=esm --splitting`, browser,
 * production React) into a temporary dir and measures each output file gzipped (level 9, each file
 * on its own, as a server would send it).
 */
export async function measureBundle(entry: string, root: string): Promise<BundleMeasurement> {
  const outdir = mkdtempSync(join(tmpdir(), 'lk-bundle-'));
  try {
    const result = await build({
      entryPoints: [entry],
      absWorkingDir: root,
      outdir,
      bundle: true,
      minify: true,
      format: 'esm',
      splitting: true,
      platform: 'browser',
      target: 'es2022',
      metafile: true,
      write: true,
      // The workspace packages from their sources (root README, Packaging): no build needed first.
      conditions: ['@latchkey/source'],
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    const outputs = result.metafile.outputs;
    const firstLoad = firstLoadFiles(result.metafile, relative(root, entry));
    const files: OutputFile[] = Object.keys(outputs)
      .filter((file) => !file.endsWith('.map'))
      .map((file) => {
        const content = readFileSync(join(root, file));
        return {
          file: relative(relative(root, outdir), file),
          bytes: content.length,
          gzipBytes: gzipSync(content, { level: 9 }).length,
          firstLoad: firstLoad.has(file),
          contents: describeContents(outputs[file]!.inputs),
        };
      })
      .sort((a, b) => Number(b.firstLoad) - Number(a.firstLoad) || b.gzipBytes - a.gzipBytes);
    const sum = (list: OutputFile[], key: 'bytes' | 'gzipBytes') => list.reduce((n, f) => n + f[key], 0);
    return {
      entry,
      files,
      firstLoadGzip: sum(
        files.filter((f) => f.firstLoad),
        'gzipBytes',
      ),
      totalGzip: sum(files, 'gzipBytes'),
      totalBytes: sum(files, 'bytes'),
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/**
 * The chunk of `entryPoint` (as the metafile names it: relative to the working dir), its CSS bundle,
 * and every chunk reached from it through `import-statement` edges (static imports);
 * `dynamic-import` edges lead to lazy chunks (which esbuild also marks as entry points) and stay out.
 */
export function firstLoadFiles(metafile: Metafile, entryPoint: string): Set<string> {
  const outputs = metafile.outputs;
  const entries = Object.keys(outputs).filter((file) => outputs[file]!.entryPoint === entryPoint);
  if (entries.length !== 1) throw new Error(`Expected one chunk for ${entryPoint}, found ${entries.length}`);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const output = outputs[file];
    if (!output) throw new Error(`Import of unknown output ${file}`);
    if (output.cssBundle) seen.add(output.cssBundle);
    for (const edge of output.imports) {
      if (edge.kind === 'import-statement' && !edge.external) visit(edge.path);
    }
  };
  visit(entries[0]!);
  return seen;
}

/**
 * The source of an input path: `name` or `@scope/name` for a package in node_modules, the package
 * and first folder for ours (`core/embedded`, `react/signing`), else the path itself.
 */
export function sourceOf(input: string): string {
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (modules) return modules[1]!;
  const ours = /packages\/([^/]+)\/src\/(?:([^/]+)\/)?/.exec(input);
  if (ours) return ours[2] ? `${ours[1]}/${ours[2]}` : ours[1]!;
  return input;
}

/** The largest sources of an output file (at most three, each at least 5% of it). */
export function describeContents(inputs: Record<string, { bytesInOutput: number }>): string {
  const bySource = new Map<string, number>();
  let total = 0;
  for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
    bySource.set(sourceOf(input), (bySource.get(sourceOf(input)) ?? 0) + bytesInOutput);
    total += bytesInOutput;
  }
  if (total === 0) return '(imports and re-exports only)';
  return [...bySource]
    .sort((a, b) => b[1] - a[1])
    .filter(([, bytes], index) => index === 0 || bytes / total >= 0.05)
    .slice(0, 3)
    .map(([source, bytes]) => `${source} ${Math.round((100 * bytes) / total)}%`)
    .join(', ');
}
