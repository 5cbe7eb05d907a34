/**
 * The enum rule: a server body's enum comes from the protocol's list (`z.enum(chainTypes)`), never
 * from its values spelled again. A `z.enum([...])` whose inline array holds two or more string
 * literals that are also values of one `export const name = [...] as const` list (or object of
 * strings) of `@latchkey/protocol` is a violation, equal, narrower or wider alike: the two copies would drift (a new chain, a new login mode)
 * without the compiler noticing. Test files are exempt (they spell wrong enums on purpose).
 *
 * Files are parsed with TypeScript's parser, not type-checked: the whole server reads in well under
 * a second.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** A list the protocol exports: its name, file and values. */
export interface ProtocolList {
  name: string;
  file: string;
  values: string[];
}

export interface EnumViolation {
  /** The file, relative to the root. */
  file: string;
  line: number;
  values: string[];
  list: ProtocolList;
}

const isTest = (path: string) => /\.test(-d)?\.tsx?$/.test(path);

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !isTest(entry.name)) files.push(path);
  }
  return files;
}

const parse = (path: string) =>
  ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);

/** `x as const`, `x satisfies T`, `(x)`: the expression inside. */
function unwrap(node: ts.Expression): ts.Expression {
  let inner = node;
  while (ts.isAsExpression(inner) || ts.isSatisfiesExpression(inner) || ts.isParenthesizedExpression(inner))
    inner = inner.expression;
  return inner;
}

const isText = (node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

/** The values of an array literal made only of string literals, or null. */
function stringArray(node: ts.Expression): string[] | null {
  const array = unwrap(node);
  if (!ts.isArrayLiteralExpression(array) || !array.elements.every(isText)) return null;
  return array.elements.map((element) => (element as ts.StringLiteral).text);
}

/** The values of a list the protocol exports: a string array, or an object of strings (`z.enum` takes both). */
function listValues(node: ts.Expression): string[] | null {
  const object = unwrap(node);
  if (!ts.isObjectLiteralExpression(object)) return stringArray(node);
  const values: string[] = [];
  for (const property of object.properties) {
    if (!ts.isPropertyAssignment(property) || !isText(property.initializer)) return null;
    values.push(property.initializer.text);
  }
  return values;
}

/** Every `export const name = ['a', 'b', …] as const` (or object of strings) of the protocol's sources. */
export function protocolLists(root: string, protocolSrc = 'packages/protocol/src'): ProtocolList[] {
  const lists: ProtocolList[] = [];
  for (const path of sourceFiles(join(root, protocolSrc))) {
    const source = parse(path);
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
        const values = listValues(declaration.initializer);
        if (values && values.length >= 2)
          lists.push({ name: declaration.name.text, file: relative(root, path), values });
      }
    }
  }
  return lists;
}

/** The list sharing the most values (at least two) with `values`; of those, the shortest. */
function closest(lists: ProtocolList[], values: string[]): ProtocolList | null {
  let best: { list: ProtocolList; shared: number } | null = null;
  for (const list of lists) {
    const shared = values.filter((v) => list.values.includes(v)).length;
    if (shared < 2) continue;
    if (
      !best ||
      shared > best.shared ||
      (shared === best.shared && list.values.length < best.list.values.length)
    )
      best = { list, shared };
  }
  return best?.list ?? null;
}

/** The `z.enum([...literals])` calls of the server's sources that repeat a protocol list. */
export function checkEnums(root: string, serverSrc = 'packages/server/src'): EnumViolation[] {
  const lists = protocolLists(root);
  const violations: EnumViolation[] = [];
  for (const path of sourceFiles(join(root, serverSrc))) {
    const source = parse(path);
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'enum' &&
        ts.isIdentifier(node.expression.expression) &&
        node.expression.expression.text === 'z' &&
        node.arguments[0]
      ) {
        const values = stringArray(node.arguments[0]);
        const list = values && closest(lists, values);
        if (values && list)
          violations.push({
            file: relative(root, path),
            line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
            values,
            list,
          });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return violations;
}
