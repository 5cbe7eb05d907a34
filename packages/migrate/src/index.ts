/**
 * `@latchkey/migrate`: the codemod from the incumbent's React SDK to `@latchkey/react`, as a command
 * (`npx @latchkey/migrate <folder or file>…`, see cli.ts) and as functions.
 */
export { type CliIo, main } from './cli.ts';
export { type FileList, listFiles } from './files.ts';
export { incumbentModule, moduleRenames, nameRenames, unsupportedModuleAdvice } from './mapping.ts';
export { applyEdits, type Edit, type FileResult, type Finding, migrateSource } from './rewrite.ts';
