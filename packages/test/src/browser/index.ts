/**
 * `@latchkey/test/browser`: Debian's Chromium (installed when missing, launched headless) and a static
 * file server for pages. Plain Node, no test runner: the e2e global setup and the benches use it too.
 */
export * from './chromium.ts';
export * from './static-server.ts';
