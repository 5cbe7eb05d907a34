/**
 * Compares `@latchkey/react`'s declarations with the incumbent's published ones
 * (`@privy-io/react-auth`, installed by react-auth-app.ts) with the TypeScript compiler, for
 * `e2e/incumbent-react-types.test.ts`: a probe file assigns each of ours to theirs and back, and every
 * error the compiler reports is filed under the name it was about.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const repo = join(import.meta.dirname, '..');

/**
 * What to compare: a hook's parameters and return type, a type's value both ways, or (`accepts`) only
 * theirs → ours: what an app passes us as it passed the incumbent (`PrivyClientConfig`).
 */
export type Probe =
  | { kind: 'hook'; name: string }
  | { kind: 'type'; name: string; ours?: string }
  | { kind: 'accepts'; name: string; ours: string };

/** The probe's lines for one comparison, each assignment on a line of its own. */
function probeLines(probe: Probe, index: number): string[] {
  if (probe.kind === 'accepts')
    return [
      `declare const t${index}: Theirs.${probe.name}; export const to${index}: Ours.${probe.ours} = t${index};`,
    ];
  if (probe.kind === 'type') {
    const ours = `Ours.${probe.ours ?? probe.name}`;
    const theirs = `Theirs.${probe.name}`;
    return [
      `declare const o${index}: ${ours}; export const ot${index}: ${theirs} = o${index};`,
      `declare const t${index}: ${theirs}; export const to${index}: ${ours} = t${index};`,
    ];
  }
  const ours = `typeof Ours.${probe.name}`;
  const theirs = `typeof Theirs.${probe.name}`;
  return [
    `declare const op${index}: Parameters<${ours}>; export const opt${index}: Parameters<${theirs}> = op${index};`,
    `declare const tp${index}: Parameters<${theirs}>; export const tpo${index}: Parameters<${ours}> = tp${index};`,
    `declare const or${index}: ReturnType<${ours}>; export const ort${index}: ReturnType<${theirs}> = or${index};`,
    `declare const tr${index}: ReturnType<${theirs}>; export const tro${index}: ReturnType<${ours}> = tr${index};`,
  ];
}

const directions = {
  hook: [
    'parameters, ours → theirs',
    'parameters, theirs → ours',
    'return, ours → theirs',
    'return, theirs → ours',
  ],
  type: ['ours → theirs', 'theirs → ours'],
  accepts: ['theirs → ours'],
};

/**
 * Compiles one probe file in the installed app (where `@privy-io/react-auth` resolves), with
 * `@latchkey/react` from the repo's sources, and answers the compiler's errors per probe name (an
 * empty list: assignable both ways).
 */
export function compare(appDir: string, probes: Probe[]): Map<string, string[]> {
  const dir = join(appDir, 'latchkey-probe');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'probe.ts');
  const header = [
    "import * as Ours from '@latchkey/react';",
    "import * as Theirs from '@privy-io/react-auth';",
  ];
  const owners: { name: string; direction: string }[] = [];
  const lines = [...header];
  probes.forEach((probe, index) => {
    probeLines(probe, index).forEach((line, i) => {
      owners[lines.length] = { name: probe.name, direction: directions[probe.kind][i] ?? '' };
      lines.push(line);
    });
  });
  writeFileSync(file, `${lines.join('\n')}\n`);

  const reactTypes = join(repo, 'node_modules/@types/react');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    allowImportingTsExtensions: true,
    // As the repo's tsconfig.base.json (packages/react/src/callbacks.ts's enum relies on it).
    erasableSyntaxOnly: true,
    customConditions: ['@latchkey/source'],
    types: [],
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    // One React's types for both sides (the installed app has no @types/react of its own).
    paths: {
      '@latchkey/react': [join(repo, 'packages/react/src/index.ts')],
      react: [reactTypes],
      'react/*': [`${reactTypes}/*`],
    },
  };
  const program = ts.createProgram([file], options);
  const out = new Map<string, string[]>(probes.map((p) => [p.name, []]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (diagnostic.file?.fileName !== file || diagnostic.start === undefined) {
      // An error elsewhere (our sources under these options, a missing module) is everyone's problem.
      const where = diagnostic.file ? `${diagnostic.file.fileName}: ` : '';
      out.set('(compile)', [...(out.get('(compile)') ?? []), `${where}${message}`]);
      continue;
    }
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const owner = owners[line];
    const key = owner?.name ?? '(probe)';
    out.set(key, [...(out.get(key) ?? []), `${owner?.direction ?? ''}: ${message}`]);
  }
  return out;
}

/** The hooks the incumbent's package exports from its main entry, from its published declarations. */
export function incumbentHooks(appDir: string): string[] {
  const dts = join(appDir, 'node_modules/@privy-io/react-auth/dist/dts/index.d.ts');
  const source = ts.createSourceFile(dts, readFileSync(dts, 'utf8'), ts.ScriptTarget.ES2022);
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.exportClause) continue;
    if (!ts.isNamedExports(statement.exportClause)) continue;
    for (const element of statement.exportClause.elements) {
      if (/^use[A-Z]/.test(element.name.text)) names.add(element.name.text);
    }
  }
  return [...names].sort();
}
