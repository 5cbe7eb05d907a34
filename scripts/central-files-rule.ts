/**
 * The rule that keeps login methods out of the engines: a central flow file (the modal's flow,
 * login, navigation and screen tables in core; the modal shell and its registry in react) names
 * no login method. A method is added by its own files and one list line (issue 25); a method's id
 * spelled in one of these files means the engine decides something for that method, and the next
 * method will have to edit it too.
 *
 * String literals count (TypeScript's parser finds them, so comments and identifiers do not): a
 * literal that is a method's id (`'passkey'`), one of its screens or intents (`'passkey-status'`,
 * `'link-passkey'`, `'update-phone'`), or a wallet sign-in (`'siwe'`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loginMethods } from '@latchkey/protocol';
import ts from 'typescript';

/**
 * The server's central files: the app that puts routes behind guards, the feature contract and
 * list, the foundation's schema and sweeps, the account renderer, the process. A feature adds
 * itself with its folder and one line in features.ts (an import and a list entry, which name its
 * folder and its export, never a method's id as a string).
 */
function serverCentralFiles(): string[] {
  return [
    'app.ts',
    'feature.ts',
    'features.ts',
    'server.ts',
    'storage/schema.ts',
    'storage/retention.ts',
    'accounts/account-record.ts',
    'accounts/account-type.ts',
  ].map((file) => `packages/server/src/${file}`);
}

/** The central flow files, relative to the workspace root. */
export const centralFlowFiles = [
  'packages/core/src/modal/flow.ts',
  'packages/core/src/modal/login.ts',
  'packages/core/src/modal/navigation.ts',
  'packages/core/src/modal/runtime.ts',
  'packages/core/src/modal/method.ts',
  'packages/core/src/modal/screens.ts',
  'packages/core/src/modal/transfer.ts',
  'packages/core/src/modal/methods/index.ts',
  'packages/react/src/modal/ModalShell.tsx',
  'packages/react/src/modal/ModalFrame.tsx',
  'packages/react/src/modal/registry.ts',
  'packages/react/src/modal/areas.ts',
  'packages/react/src/modal/screenSize.ts',
  ...serverCentralFiles(),
];

/** The words that name a login method: the ids, and how the modal spells some of them. */
export const methodWords: readonly string[] = [...loginMethods, 'siwe', 'siws', 'phone', 'oauth'];

/** True when `text` names a method: its id, `link-`/`update-` of it, or a screen of its (`passkey-…`). */
export function namesMethod(text: string, words: readonly string[] = methodWords): boolean {
  return words.some(
    (word) =>
      text === word || text === `link-${word}` || text === `update-${word}` || text.startsWith(`${word}-`),
  );
}

export interface MethodNameViolation {
  file: string;
  line: number;
  literal: string;
}

/** The string literals of `source` that name a login method. */
export function methodNamesIn(file: string, source: string): MethodNameViolation[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: MethodNameViolation[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && namesMethod(node.text)) {
      const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
      found.push({ file, line, literal: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** Every method name spelled in the central flow files under `root`. */
export function checkCentralFiles(
  root: string,
  files: readonly string[] = centralFlowFiles,
): MethodNameViolation[] {
  return files.flatMap((file) => methodNamesIn(file, readFileSync(join(root, file), 'utf8')));
}

/** Where the server's features merge their own tables into `Database` (`<feature>/tables.ts`). */
const serverSrc = 'packages/server/src';

/**
 * The tables the server's features declare in their own folders: the names of the properties of
 * `interface Database` inside a `declare module` of each `<feature>/tables.ts`.
 */
export function featureTables(root: string): Map<string, string> {
  const tables = new Map<string, string>();
  for (const entry of readdirSync(join(root, serverSrc), { withFileTypes: true })) {
    const file = join(serverSrc, entry.name, 'tables.ts');
    if (!entry.isDirectory() || !existsSync(join(root, file))) continue;
    const tree = ts.createSourceFile(
      file,
      readFileSync(join(root, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const visit = (node: ts.Node) => {
      if (ts.isInterfaceDeclaration(node) && node.name.text === 'Database')
        for (const member of node.members)
          if (member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)))
            tables.set(member.name.text, file);
      ts.forEachChild(node, visit);
    };
    visit(tree);
  }
  return tables;
}

export interface FeatureTableViolation {
  file: string;
  line: number;
  table: string;
  /** The tables.ts that declares it. */
  declaredIn: string;
}

/**
 * The feature tables named in the server's central files, as a string or as a name (a property of
 * `Database` or of an object): the schema and the sweep are the foundation's, and a feature's table
 * spelled there means storage decides something for that feature.
 */
export function featureTablesIn(
  file: string,
  source: string,
  tables: ReadonlyMap<string, string>,
): FeatureTableViolation[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: FeatureTableViolation[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isIdentifier(node)) {
      const declaredIn = tables.get(node.text);
      if (declaredIn) {
        const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
        found.push({ file, line, table: node.text, declaredIn });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** Every feature table named in the server's central files under `root`. */
export function checkServerCentralTables(root: string): FeatureTableViolation[] {
  const tables = featureTables(root);
  return serverCentralFiles().flatMap((file) =>
    featureTablesIn(file, readFileSync(join(root, file), 'utf8'), tables),
  );
}
