/**
 * The layering rule inside each package: its files, and its top-level folders (and the files
 * directly in `src/`), import each other without cycles, and where a package declares layers, only
 * downwards. A cycle means neither side can be understood, tested or loaded lazily without the
 * other (between files it is most often a type imported back into the file that coordinates: the
 * type belongs in the lower file, or in one of its own); a layer importing upwards means a screen
 * that knows about hooks, or a hook that drags screens into the app's first load.
 *
 * Every import counts: static, type-only, dynamic `import()` and re-exports (TypeScript's own
 * pre-processor finds them, so comments and strings are never mistaken for imports).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export interface PackageLayers {
  /** The package's source folder, relative to the workspace root. */
  src: string;
  /**
   * Top to bottom: each layer lists top-level folders and root files of `src`, or folders found by
   * a file they hold (`{ foldersWith: 'feature.ts' }`: every top-level folder with that file that
   * no other layer names, so a new feature folder is in its layer without an edit here). A layer
   * imports its own and lower layers only. Omitted: only the cycle check applies.
   */
  layers?: LayerEntry[][];
  /**
   * File cycles tolerated for now, each with the change that removes it. An entry must match a
   * cycle exactly (its files, relative to `src`): one that no longer does fails the check, so the
   * list cannot outlive the cycles it excuses.
   */
  allowedFileCycles?: AllowedFileCycle[];
}

/** A top-level folder or root file of `src`, or the folders that hold a given file. */
export type LayerEntry = string | { foldersWith: string };

export interface AllowedFileCycle {
  files: string[];
  note: string;
}

export interface LayerViolation {
  /** The importing file (relative to the root), or the package's `src` for a cycle. */
  file: string;
  specifier: string;
  reason: string;
}

/** The packages the linter checks, and the layers of those that declare them. */
export const packageLayers: PackageLayers[] = [
  { src: 'packages/protocol/src' },
  { src: 'packages/core/src' },
  {
    src: 'packages/server/src',
    layers: [
      ['index.ts', 'testing.ts', 'cli'],
      // `serve --workers N`: the primary process and what its workers ask of it over IPC.
      ['cluster'],
      // The process: builds the context, checks the keys, runs migrations and sweeps.
      ['server.ts', 'server-keys.ts'],
      // Composition: the feature list, and the Hono app that puts each route behind its guard.
      ['app.ts', 'features.ts'],
      // Features: every folder that declares one in its feature.ts (but those named below).
      [{ foldersWith: 'feature.ts' }],
      // The auth guards app.ts puts in front of routes (`RouteAuth`).
      ['guards'],
      // Login flows and the route helpers login features share (identity methods, wallet logins).
      ['login'],
      // Shared services; apps and sessions also declare their own feature.ts from here.
      ['apps'],
      ['sessions'],
      // What a feature declares (routes, sweeps, account types, settings, commands): it names the
      // types of the shared parts below, which never import it.
      ['feature.ts', 'body-match.test-d.ts'],
      ['tokens', 'codes'],
      ['accounts'],
      ['wallets'],
      // What every service and feature is handed: the context type, the route checks of the Feature
      // type (body-match.test-d.ts, which proves them on real routes, sits with feature.ts), and the
      // hostile-input fixtures.
      ['context.ts', 'body-match.ts', 'hostile-fixtures.ts'],
      // What the context carries; none of it imports the context.
      ['captcha', 'delivery', 'outbox', 'metrics'],
      ['http'],
      ['app-config', 'crypto'],
      ['storage'],
      ['settings.ts', 'logger.ts'],
    ],
  },
  { src: 'packages/wallet-frame/src' },
  { src: 'packages/keys/src' },
  { src: 'packages/migrate/src' },
  {
    src: 'packages/node/src',
    layers: [
      ['index.ts'],
      // The users API client, which also verifies tokens with its app's settings.
      ['client'],
      ['tokens', 'webhooks'],
      ['errors.ts'],
    ],
  },
  {
    src: 'packages/react/src',
    layers: [
      ['index.ts', 'wagmi.ts', 'preview.ts'],
      ['LatchkeyProvider.tsx'],
      // Custom auth's sync, loaded by the provider only for apps that use custom auth.
      ['customAuthSync.ts'],
      ['hooks'],
      // Each login method's part of the SDK (its actions, what the page may come back with), listed
      // in methods/index.ts for the provider and the hooks.
      ['methods'],
      // The modal's landing drawn in the page (`@latchkey/react/preview`), from the shell's parts.
      ['preview'],
      // The modal shell, loaded with import() on first use, and the screens it loads per area.
      ['modal'],
      ['screens'],
      // What the hooks and the screens share: embedded wallets and connected wallets.
      ['embedded', 'wallets'],
      ['components'],
      // The modal's inline SVG icons: used by the shell, the screens and their components only, so
      // that they load with the modal's chunks (the first-load bundle test catches any other use).
      ['icons'],
      // The incumbent's config in Latchkey's terms (the modal maps it) and its report (loaded by the provider).
      ['config'],
      [
        'LatchkeyContext.ts',
        'events.ts',
        'types.ts',
        'callbacks.ts',
        'flowStates.ts',
        'accountOf.ts',
        'userTypes.ts',
        'incumbentTypes.ts',
        'toClientUser.ts',
        'toOAuthTokensEvent.ts',
        'mfaErrors.ts',
        'copy',
      ],
    ],
  },
  { src: 'packages/test/src' },
  { src: 'apps/dashboard/src' },
  { src: 'apps/demo/src' },
];

const sourceExtensions = new Set(['.ts', '.tsx']);
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (sourceExtensions.has(extname(entry.name)) && !isTest(entry.name)) out.push(path);
  }
  return out;
}

/** `file`'s path under `src`, with `/` on every system (as the allow-list spells it). */
const pathIn = (src: string, file: string) => relative(src, file).split(sep).join('/');

/** The top-level folder (or root file) of `src` that `file` belongs to. */
const nodeOf = (src: string, file: string) => relative(src, file).split(sep)[0] ?? '';

/** Relative imports of `file`, resolved to absolute paths. */
function relativeImports(file: string): { specifier: string; target: string }[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles
    .map((ref) => ref.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => ({ specifier, target: resolve(dirname(file), specifier) }));
}

/**
 * The source file an import lands on, found as TypeScript finds it (the file named, `.js` standing
 * for `.ts`, no extension, a folder's index), or undefined for anything else (styles, JSON, assets).
 */
function sourceFileOf(target: string, files: ReadonlySet<string>): string | undefined {
  const stem = target.replace(/\.jsx?$/, '');
  const candidates = [
    target,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${target}.ts`,
    `${target}.tsx`,
    join(target, 'index.ts'),
    join(target, 'index.tsx'),
  ];
  return candidates.find((candidate) => files.has(candidate));
}

/** Cycles among the nodes of `edges` (each reported once, as its strongly connected component). */
export function findCycles(edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, indices.get(next) ?? 0));
    }
    if (low.get(node) !== indices.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!indices.has(node)) visit(node);
  return cycles;
}

const addEdge = (edges: Map<string, Set<string>>, from: string, to: string) => {
  const set = edges.get(from) ?? new Set<string>();
  set.add(to);
  edges.set(from, set);
};

/** Each top-level folder or root file of `src` → its layer's index, the `foldersWith` entries found on disk. */
export function layerIndex(src: string, layers: readonly LayerEntry[][]): Map<string, number> {
  const layerOf = new Map<string, number>();
  layers.forEach((layer, i) => {
    for (const node of layer) if (typeof node === 'string') layerOf.set(node, i);
  });
  const folders = readdirSync(src, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  layers.forEach((layer, i) => {
    for (const node of layer)
      if (typeof node !== 'string')
        for (const folder of folders)
          if (!layerOf.has(folder.name) && existsSync(join(src, folder.name, node.foldersWith)))
            layerOf.set(folder.name, i);
  });
  return layerOf;
}

/** Checks one package: no file or folder cycles, and no import up its layers. */
export function checkPackageLayers(root: string, policy: PackageLayers): LayerViolation[] {
  const src = join(root, policy.src);
  const violations: LayerViolation[] = [];
  const edges = new Map<string, Set<string>>();
  const fileEdges = new Map<string, Set<string>>();
  const layerOf = policy.layers ? layerIndex(src, policy.layers) : new Map<string, number>();
  const files = sourceFiles(src);
  const fileSet = new Set(files);
  for (const file of files) {
    const from = nodeOf(src, file);
    const shown = relative(root, file);
    if (policy.layers && !layerOf.has(from))
      violations.push({ file: shown, specifier: '', reason: `'${from}' is in no layer of ${policy.src}` });
    for (const { specifier, target } of relativeImports(file)) {
      if (relative(src, target).startsWith('..')) continue; // outside the package: the import rule's business
      const targetFile = sourceFileOf(target, fileSet);
      if (targetFile) addEdge(fileEdges, pathIn(src, file), pathIn(src, targetFile));
      const to = nodeOf(src, targetFile ?? target);
      if (to === from) continue;
      addEdge(edges, from, to);
      const fromLayer = layerOf.get(from);
      const toLayer = layerOf.get(to);
      if (fromLayer !== undefined && toLayer !== undefined && toLayer < fromLayer)
        violations.push({ file: shown, specifier, reason: `imports upwards ('${from}' → '${to}')` });
    }
  }
  for (const cycle of findCycles(edges))
    violations.push({
      file: policy.src,
      specifier: '',
      reason: `folders import each other in a cycle: ${cycle.join(' ↔ ')}`,
    });
  violations.push(...fileCycleViolations(policy, findCycles(fileEdges)));
  return violations;
}

/** The file cycles of a package that its allow-list does not excuse, and the entries that excuse none. */
function fileCycleViolations(policy: PackageLayers, cycles: string[][]): LayerViolation[] {
  const key = (files: readonly string[]) => [...files].sort().join(' ↔ ');
  const allowed = new Map((policy.allowedFileCycles ?? []).map((entry) => [key(entry.files), entry]));
  const found = new Set(cycles.map(key));
  const violations: LayerViolation[] = [];
  for (const cycle of found)
    if (!allowed.has(cycle))
      violations.push({
        file: policy.src,
        specifier: '',
        reason: `files import each other in a cycle: ${cycle}`,
      });
  for (const [cycle, entry] of allowed)
    if (!found.has(cycle))
      violations.push({
        file: policy.src,
        specifier: '',
        reason: `the allowed file cycle ${cycle} ("${entry.note}") is no longer a cycle: take it off allowedFileCycles`,
      });
  return violations;
}

export function checkLayers(root: string, policies = packageLayers): LayerViolation[] {
  return policies.flatMap((policy) => checkPackageLayers(root, policy));
}
