/**
 * The codemod on one file's text: the incumbent's module names become Latchkey's, and the names that
 * differ in Latchkey (`PrivyProvider` → `LatchkeyProvider`, …) are renamed where the file imports them
 * and wherever it uses that binding. Every change is a replacement of a span of the original text, so
 * formatting and comments stay as they were. Names other modules see are kept: a re-export of
 * `PrivyProvider` stays `PrivyProvider` (`export { LatchkeyProvider as PrivyProvider } from …`).
 */
import ts from 'typescript';
import { moduleRenames, nameRenames, unsupportedModuleAdvice } from './mapping.ts';
import { parseFile } from './parse.ts';

/** One replacement: the text between `start` and `end` becomes `text`. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Something the codemod left for a person, at a 1-based line. */
export interface Finding {
  line: number;
  column?: number;
  message: string;
}

export interface FileResult {
  /** The new text (the old one when nothing changed or the file has errors). */
  output: string;
  edits: Edit[];
  warnings: Finding[];
  /** Syntax errors: the file is left as it was. */
  errors: Finding[];
}

/** A string or identifier naming a module or an export: its text, and the span of that text alone. */
const textSpan = (node: ts.Identifier | ts.StringLiteralLike) =>
  ts.isIdentifier(node)
    ? { start: node.getStart(), end: node.getEnd() }
    : { start: node.getStart() + 1, end: node.getEnd() - 1 };

/** The expression around `node` once parentheses and `await` are peeled off. */
function outer(node: ts.Node): ts.Node {
  let current = node;
  while (ts.isParenthesizedExpression(current.parent) || ts.isAwaitExpression(current.parent))
    current = current.parent;
  return current;
}

/** The module a `require('…')` or `import('…')` call loads, when its argument is a plain string. */
function loadedModule(node: ts.CallExpression): ts.StringLiteralLike | undefined {
  const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
  const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
  const [argument] = node.arguments;
  if (!(isImport || isRequire) || node.arguments.length !== 1 || !argument) return undefined;
  return ts.isStringLiteralLike(argument) ? argument : undefined;
}

/** Test runners' calls that name a module: jest's and vitest's mocks, and their imports of the real one. */
const mockCalls = new Set([
  'jest.mock',
  'jest.doMock',
  'jest.unmock',
  'jest.dontMock',
  'jest.requireActual',
  'jest.requireMock',
  'jest.createMockFromModule',
  'vi.mock',
  'vi.doMock',
  'vi.unmock',
  'vi.doUnmock',
  'vi.importActual',
  'vi.importMock',
]);

/** The module a `vi.mock('…')`-like call names, when its first argument is a plain string. */
function mockedModule(node: ts.CallExpression): ts.StringLiteralLike | undefined {
  const callee = node.expression;
  if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.expression)) return undefined;
  if (!mockCalls.has(`${callee.expression.text}.${callee.name.text}`)) return undefined;
  const [argument] = node.arguments;
  return argument && ts.isStringLiteralLike(argument) ? argument : undefined;
}

/** Rewrites one file; `fileName` only chooses how it is parsed (TypeScript or JavaScript, JSX). */
export function migrateSource(text: string, fileName: string): FileResult {
  const unchanged = { output: text, edits: [], warnings: [], errors: [] };
  // Only a file that names one of the incumbent's packages is parsed (and can have errors reported).
  if (!text.includes('@privy-io/')) return unchanged;
  const { source, checker, errors } = parseFile(fileName, text);
  if (errors.length > 0) return { ...unchanged, errors };

  const edits: Edit[] = [];
  const warnings: Finding[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const replace = (node: ts.Identifier | ts.StringLiteralLike, replacement: string) =>
    edits.push({ ...textSpan(node), text: replacement });
  const warn = (node: ts.Node, message: string) => warnings.push({ line: lineOf(node), message });

  /** Local bindings of a renamed export, each with its new name. */
  const renamedBindings = new Map<ts.Symbol, string>();
  /** Local bindings of a whole module (`import * as P`, `const P = require(…)`). */
  const moduleBindings = new Set<ts.Symbol>();
  /** Identifiers already edited as declarations, so they are not edited again as references. */
  const declared = new Set<ts.Node>();
  // A new name the file already uses (for something else) is not introduced: the import is aliased.
  const namesInFile = new Set<string>();
  const collectNames = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) namesInFile.add(node.text);
    ts.forEachChild(node, collectNames);
  };
  collectNames(source);

  const symbolOf = (node: ts.Node) => checker.getSymbolAtLocation(node);

  /**
   * An imported or destructured name: `imported` is the export's name, `local` the binding's, `aliased`
   * whether they are two names. Renames the export, and an unaliased binding with it.
   */
  function renameBinding(
    imported: ts.Identifier | ts.StringLiteralLike,
    local: ts.Identifier | undefined,
    aliased: boolean,
    aliasSyntax: (newName: string, oldName: string) => string,
  ): void {
    const newName = nameRenames.get(imported.text);
    if (!newName) return;
    if (aliased) {
      replace(imported, newName);
      return;
    }
    if (!local || namesInFile.has(newName)) {
      replace(imported, aliasSyntax(newName, imported.text));
      return;
    }
    replace(local, newName);
    declared.add(local);
    const symbol = symbolOf(local);
    if (symbol) renamedBindings.set(symbol, newName);
  }

  /** What a `require`/`import()` of a renamed module is bound to: a module object or some of its exports. */
  function bindLoad(call: ts.CallExpression): void {
    const expression = outer(call);
    const parent = expression.parent;
    if (ts.isVariableDeclaration(parent) && parent.initializer === expression) {
      if (ts.isIdentifier(parent.name)) {
        const symbol = symbolOf(parent.name);
        if (symbol) moduleBindings.add(symbol);
      } else if (ts.isObjectBindingPattern(parent.name)) {
        for (const element of parent.name.elements) {
          const imported = element.propertyName ?? element.name;
          if (!ts.isIdentifier(imported) && !ts.isStringLiteralLike(imported)) continue;
          const local = ts.isIdentifier(element.name) ? element.name : undefined;
          renameBinding(imported, local, element.propertyName !== undefined, (n, o) => `${n}: ${o}`);
        }
      }
    } else if (
      ts.isPropertyAccessExpression(parent) &&
      parent.expression === expression &&
      ts.isIdentifier(parent.name)
    ) {
      const newName = nameRenames.get(parent.name.text);
      if (newName) replace(parent.name, newName);
    }
  }

  /** A module specifier: renamed when Latchkey has the module, reported when it is the incumbent's and has none. */
  function visitModule(specifier: ts.StringLiteralLike, bind: () => void): void {
    const newModule = moduleRenames.get(specifier.text);
    if (newModule) {
      replace(specifier, newModule);
      bind();
      return;
    }
    const advice = unsupportedModuleAdvice(specifier.text);
    if (advice) warn(specifier, `'${specifier.text}' is left as it is: ${advice}`);
  }

  const reexportWarning = (name: string) =>
    `re-exports ${name}, where PrivyProvider is LatchkeyProvider now: modules that import PrivyProvider from this one need the same rename`;

  function visitDeclarations(node: ts.Node): void {
    if (ts.isImportDeclaration(node) && ts.isStringLiteralLike(node.moduleSpecifier)) {
      visitModule(node.moduleSpecifier, () => {
        const clause = node.importClause;
        if (!clause) return;
        const defaultSymbol = clause.name && symbolOf(clause.name);
        if (defaultSymbol) moduleBindings.add(defaultSymbol);
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) {
          const symbol = symbolOf(bindings.name);
          if (symbol) moduleBindings.add(symbol);
        } else if (bindings) {
          for (const element of bindings.elements)
            renameBinding(
              element.propertyName ?? element.name,
              element.name,
              element.propertyName !== undefined,
              (n, o) => `${n} as ${o}`,
            );
        }
      });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteralLike(node.moduleSpecifier)
    ) {
      visitModule(node.moduleSpecifier, () => {
        const clause = node.exportClause;
        if (!clause) warn(node, reexportWarning('everything from @latchkey/react'));
        else if (ts.isNamespaceExport(clause))
          warn(node, reexportWarning(`@latchkey/react as ${clause.name.text}`));
        else
          for (const element of clause.elements) {
            // The exported name stays: other modules import it by that name.
            const imported = element.propertyName ?? element.name;
            const newName = nameRenames.get(imported.text);
            if (newName) replace(imported, element.propertyName ? newName : `${newName} as ${imported.text}`);
          }
      });
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteralLike(node.moduleReference.expression)
    ) {
      visitModule(node.moduleReference.expression, () => {
        const symbol = symbolOf(node.name);
        if (symbol) moduleBindings.add(symbol);
      });
    } else if (ts.isCallExpression(node)) {
      const specifier = loadedModule(node);
      if (specifier) visitModule(specifier, () => bindLoad(node));
      const mocked = mockedModule(node);
      if (mocked) visitModule(mocked, () => {});
    } else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) {
      // `declare module '…' { … }`: an augmentation of (or types for) that module.
      visitModule(node.name, () => {});
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      visitModule(node.argument.literal, () => {
        const qualifier = node.qualifier;
        const first = qualifier && (ts.isIdentifier(qualifier) ? qualifier : undefined);
        const newName = first && nameRenames.get(first.text);
        if (first && newName) replace(first, newName);
      });
    }
    ts.forEachChild(node, visitDeclarations);
  }
  visitDeclarations(source);
  if (edits.length === 0) return { ...unchanged, warnings };

  /** The binding an identifier refers to, seen through shorthand properties and local exports. */
  function referencedSymbol(node: ts.Identifier): ts.Symbol | undefined {
    const parent = node.parent;
    if (ts.isShorthandPropertyAssignment(parent) && parent.name === node)
      return checker.getShorthandAssignmentValueSymbol(parent);
    if (ts.isExportSpecifier(parent) && !parent.parent.parent.moduleSpecifier)
      return (parent.propertyName ?? parent.name) === node
        ? checker.getExportSpecifierLocalTargetSymbol(parent)
        : undefined;
    return symbolOf(node);
  }

  const edited = new Set(edits.map((edit) => edit.start));
  function visitReferences(node: ts.Node): void {
    if (ts.isIdentifier(node) && !declared.has(node) && !edited.has(node.getStart())) {
      const parent = node.parent;
      const symbol = renamedBindings.size > 0 ? referencedSymbol(node) : undefined;
      const newName = symbol && renamedBindings.get(symbol);
      if (newName) {
        if (ts.isShorthandPropertyAssignment(parent)) replace(node, `${node.text}: ${newName}`);
        else if (ts.isExportSpecifier(parent) && !parent.propertyName)
          replace(node, `${newName} as ${node.text}`);
        else replace(node, newName);
      } else if (nameRenames.has(node.text)) {
        const member =
          (ts.isPropertyAccessExpression(parent) && parent.name === node && parent.expression) ||
          (ts.isQualifiedName(parent) && parent.right === node && parent.left);
        const object = member && ts.isIdentifier(member) ? symbolOf(member) : undefined;
        if (object && moduleBindings.has(object)) replace(node, nameRenames.get(node.text)!);
        else if (member || (ts.isBindingElement(parent) && (parent.propertyName ?? parent.name) === node))
          warn(
            node,
            `${node.text} is left as it is: it could not be told to be the incumbent's; if it is, its name in @latchkey/react is ${nameRenames.get(node.text)}`,
          );
      }
    }
    ts.forEachChild(node, visitReferences);
  }
  visitReferences(source);

  warnings.sort((a, b) => a.line - b.line);
  return { output: applyEdits(text, edits), edits: sortedEdits(edits), warnings, errors: [] };
}

/** The edits in order, one per span (the same edit found twice counts once). */
function sortedEdits(edits: Edit[]): Edit[] {
  const bySpan = new Map<string, Edit>();
  for (const edit of edits) bySpan.set(`${edit.start}:${edit.end}`, edit);
  return [...bySpan.values()].sort((a, b) => a.start - b.start);
}

/** `text` with `edits` applied; overlapping edits are a bug of the codemod, never a half-written file. */
export function applyEdits(text: string, edits: Edit[]): string {
  let output = '';
  let position = 0;
  for (const edit of sortedEdits(edits)) {
    if (edit.start < position) throw new Error(`Overlapping edits at ${edit.start}`);
    output += text.slice(position, edit.start) + edit.text;
    position = edit.end;
  }
  return output + text.slice(position);
}
