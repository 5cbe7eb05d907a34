/**
 * The docs rule (`npm run lint` runs it through check-docs.ts): every hook, component and helper
 * `@latchkey/react` exports, and every function and class `@latchkey/node` exports, has a heading in
 * `docs/`; every method of the node SDK's `LatchkeyClient` is named in `docs/backend.md`; and every
 * fenced block marked as a full example (```ts example, ```tsx example) compiles against the real
 * workspace packages.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export interface DocsProblem {
  file: string;
  message: string;
}

/** A fenced block marked `ts example` or `tsx example`, with where it starts. */
export interface DocExample {
  file: string;
  line: number;
  lang: 'ts' | 'tsx';
  code: string;
}

/** The docs: every Markdown file directly in `docs/` (the spec folder is not an integration doc). */
export function readDocs(root: string): Map<string, string> {
  const dir = join(root, 'docs');
  const docs = new Map<string, string>();
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith('.md')) docs.set(`docs/${name}`, readFileSync(join(dir, name), 'utf8'));
  }
  return docs;
}

/** The runtime exports of a module (values: functions, classes, constants), by name and kind. */
export function valueExports(entry: string): { name: string; kind: 'function' | 'class' | 'value' }[] {
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    customConditions: ['@latchkey/source'],
    allowImportingTsExtensions: true,
    noEmit: true,
    jsx: ts.JsxEmit.ReactJSX,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`Cannot read the exports of ${entry}`);
  const out: { name: string; kind: 'function' | 'class' | 'value' }[] = [];
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    if (!(target.flags & ts.SymbolFlags.Value)) continue;
    const kind =
      target.flags & ts.SymbolFlags.Class
        ? 'class'
        : target.flags & ts.SymbolFlags.Function ||
            checker.getTypeOfSymbol(target).getCallSignatures().length > 0
          ? 'function'
          : 'value';
    out.push({ name: symbol.name, kind });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** The public method names of an exported class. */
export function classMethods(entry: string, className: string): string[] {
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    customConditions: ['@latchkey/source'],
    allowImportingTsExtensions: true,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  const exported = checker.getExportsOfModule(moduleSymbol).find((s) => s.name === className);
  if (!exported) throw new Error(`${entry} does not export ${className}`);
  const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const instance = checker.getDeclaredTypeOfSymbol(target);
  return instance
    .getProperties()
    .filter((p) => p.flags & ts.SymbolFlags.Method)
    .filter((p) => {
      const modifiers = ts.getCombinedModifierFlags(p.valueDeclaration as ts.Declaration);
      return (
        !(modifiers & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) && !p.name.startsWith('#')
      );
    })
    .map((p) => p.name)
    .sort();
}

const regexpSafe = (name: string) => name.replace(/[$]/g, '\\$');

/** True when some heading of `docs` names `name` (as a word, or in backticks). */
export function hasHeading(docs: Map<string, string>, name: string): boolean {
  const heading = new RegExp(`^#{1,6} .*(?:\`${regexpSafe(name)}\`|\\b${regexpSafe(name)}\\b)`, 'm');
  return [...docs.values()].some((text) => heading.test(text));
}

/** Every ```ts example / ```tsx example block of the docs. */
export function extractExamples(docs: Map<string, string>): DocExample[] {
  const examples: DocExample[] = [];
  for (const [file, text] of docs) {
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const open = /^```(tsx?) example\s*$/.exec(lines[i]!);
      if (!open) continue;
      const start = i + 1;
      let end = start;
      while (end < lines.length && !/^```\s*$/.test(lines[end]!)) end++;
      examples.push({
        file,
        line: start + 1,
        lang: open[1] as 'ts' | 'tsx',
        code: lines.slice(start, end).join('\n'),
      });
      i = end;
    }
  }
  return examples;
}

/**
 * Writes the examples as modules in a folder inside the repo (so `@latchkey/*` resolve to the
 * workspace packages) and runs `tsc --noEmit` on them; a compiler error names the doc and its line.
 */
export function typecheckExamples(root: string, examples: DocExample[]): DocsProblem[] {
  if (examples.length === 0) return [];
  const dir = join(root, '.docs-check');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const origin = new Map<string, DocExample>();
  try {
    examples.forEach((example, index) => {
      const name = `example-${String(index).padStart(3, '0')}.${example.lang}`;
      origin.set(name, example);
      // Each example is its own module, even one with no import or export.
      writeFileSync(join(dir, name), `${example.code}\nexport {};\n`);
    });
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: '../tsconfig.base.json',
        compilerOptions: { jsx: 'react-jsx', noUnusedLocals: false, types: ['node'] },
        include: ['*.ts', '*.tsx'],
      }),
    );
    try {
      execFileSync(
        process.execPath,
        [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir, '--pretty', 'false'],
        {
          cwd: root,
          encoding: 'utf8',
          stdio: 'pipe',
        },
      );
      return [];
    } catch (error) {
      const output = String((error as { stdout?: string }).stdout ?? error);
      const problems: DocsProblem[] = [];
      for (const line of output.split('\n')) {
        const match = /^\.docs-check[\\/](example-\d+\.tsx?)\((\d+),(\d+)\): (.*)$/.exec(line.trim());
        if (!match) {
          if (line.trim()) problems.push({ file: '.docs-check', message: line.trim() });
          continue;
        }
        const example = origin.get(match[1]!)!;
        problems.push({
          file: `${example.file}:${example.line + Number(match[2]) - 1}`,
          message: `example does not compile: ${match[4]}`,
        });
      }
      return problems;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The whole rule for the repo at `root`. */
export function checkDocs(root: string): { problems: DocsProblem[]; examples: number; names: number } {
  const docs = readDocs(root);
  const problems: DocsProblem[] = [];
  const react = valueExports(join(root, 'packages/react/src/index.ts'));
  for (const { name } of react) {
    if (!hasHeading(docs, name))
      problems.push({
        file: 'docs/',
        message: `@latchkey/react exports ${name}, which no heading in docs/ names`,
      });
  }
  const nodeEntry = join(root, 'packages/node/src/index.ts');
  const node = valueExports(nodeEntry).filter((e) => e.kind !== 'value');
  const backend = docs.get('docs/backend.md') ?? '';
  for (const { name, kind } of node) {
    // The error classes are one table; the functions and the client each have a heading.
    if (kind === 'class' && name !== 'LatchkeyClient') {
      if (!backend.includes(`\`${name}\``))
        problems.push({
          file: 'docs/backend.md',
          message: `@latchkey/node exports ${name}, which it does not name`,
        });
    } else if (!hasHeading(docs, name))
      problems.push({
        file: 'docs/',
        message: `@latchkey/node exports ${name}, which no heading in docs/ names`,
      });
  }
  for (const method of classMethods(nodeEntry, 'LatchkeyClient')) {
    if (!backend.includes(`${method}(`))
      problems.push({ file: 'docs/backend.md', message: `LatchkeyClient.${method}() is not documented` });
  }
  const examples = extractExamples(docs);
  problems.push(...typecheckExamples(root, examples));
  return { problems, examples: examples.length, names: react.length + node.length };
}
