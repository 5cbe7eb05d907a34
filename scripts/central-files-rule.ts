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
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loginMethods } from '@latchkey/protocol';
import ts from 'typescript';

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
