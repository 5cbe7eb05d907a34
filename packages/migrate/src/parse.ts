/**
 * Parses one file with the TypeScript compiler: its syntax tree, its syntax errors, and a type checker
 * over that file alone (no imports resolved, no lib), enough to tell which identifiers name which
 * local binding.
 */
import ts from 'typescript';

/** The file kinds the codemod reads, by extension. */
const scriptKinds: Record<string, ts.ScriptKind> = {
  '.ts': ts.ScriptKind.TS,
  '.tsx': ts.ScriptKind.TSX,
  '.mts': ts.ScriptKind.TS,
  '.cts': ts.ScriptKind.TS,
  '.js': ts.ScriptKind.JSX,
  '.jsx': ts.ScriptKind.JSX,
  '.mjs': ts.ScriptKind.JSX,
  '.cjs': ts.ScriptKind.JSX,
};

export const sourceExtensions: readonly string[] = Object.keys(scriptKinds);

/** The extension of `fileName` the codemod reads (`.d.ts` as `.ts`), or null. */
export function sourceExtension(fileName: string): string | null {
  const match = /\.[cm]?[jt]sx?$/.exec(fileName);
  return match && match[0] in scriptKinds ? match[0] : null;
}

export interface ParsedFile {
  source: ts.SourceFile;
  checker: ts.TypeChecker;
  /** Syntax errors, each with its 1-based line and column. */
  errors: { line: number; column: number; message: string }[];
}

/** Parses `text` as the file `fileName` (its extension picks TypeScript or JavaScript, JSX or not). */
export function parseFile(fileName: string, text: string): ParsedFile {
  const extension = sourceExtension(fileName) ?? '.tsx';
  // Names are only ever looked up in this one file; `.js` files may hold JSX, as many React apps' do.
  const name = `file${extension === '.js' || extension === '.mjs' || extension === '.cjs' ? '.jsx' : extension}`;
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, scriptKinds[extension]);
  const host: ts.CompilerHost = {
    getSourceFile: (requested) => (requested === name ? source : undefined),
    getDefaultLibFileName: () => 'lib.d.ts',
    writeFile: () => {},
    getCurrentDirectory: () => '/',
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (f) => f === name,
    readFile: () => undefined,
  };
  const program = ts.createProgram({
    rootNames: [name],
    options: { noLib: true, noResolve: true, allowJs: true, jsx: ts.JsxEmit.Preserve, types: [] },
    host,
  });
  const errors = program.getSyntacticDiagnostics(source).map((diagnostic) => {
    const { line, character } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    return {
      line: line + 1,
      column: character + 1,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
    };
  });
  return { source, checker: program.getTypeChecker(), errors };
}
