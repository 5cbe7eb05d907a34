// The API reference, apart from the package's main entry: clients never bundle it.
export * from './document.ts';
export * from './operations.ts';
