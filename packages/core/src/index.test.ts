import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as core from './index.ts';

const srcDir = new URL('.', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('@latchkey/core', () => {
  it('exports exactly this API', () => {
    expect(Object.keys(core).sort()).toMatchInlineSnapshot(`
      [
        "LatchkeyApiError",
        "LatchkeyClientError",
        "LatchkeyError",
        "acceptTerms",
        "accountTransferRequired",
        "browserStorage",
        "canRetryConnection",
        "clientErrorMessages",
        "cookieNames",
        "createAnalyticsId",
        "createHttpClient",
        "createLatchkeyClient",
        "createSessionManager",
        "createStore",
        "decodeJwtPayload",
        "embeddedController",
        "embeddedWalletSettings",
        "exitedCode",
        "fetchApp",
        "flowKind",
        "getGuestCredential",
        "getUser",
        "hasEmbeddedWallet",
        "initialConnectionState",
        "isEmbeddedIntent",
        "isInvalidTokenError",
        "isTokenActive",
        "linkEmailWithCode",
        "linkSmsWithCode",
        "localStorageStorage",
        "loginAsGuest",
        "loginWithEmailCode",
        "loginWithSmsCode",
        "maxWalletRetries",
        "memoryStorage",
        "normaliseApiUrl",
        "normaliseCode",
        "normaliseEmail",
        "normalisePhoneNumber",
        "retryDelay",
        "retryStatuses",
        "runModalTask",
        "sendEmailCode",
        "sendSmsCode",
        "setMfaModal",
        "storageKeys",
        "syncCustomJwt",
        "tokenAppId",
        "trackEvent",
        "transferAccount",
        "unlinkEmail",
        "unlinkPhone",
        "updateEmail",
        "updatePhone",
        "validationMessages",
        "version",
        "walletConnectionReducer",
        "walletsToCreate",
      ]
    `);
  });

  it('uses no Node APIs and touches no browser global at import time', () => {
    for (const file of sourceFiles(srcDir)) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(
        /\bBuffer\b|\bprocess\b|\bglobal\b(?!This)|from '(node:|fs|path|crypto)/,
      );
      // window/document/localStorage only inside functions: never at a module's top level.
      const topLevel = text.split('\n').filter((line) => /^(const|let|var|export const)\b/.test(line));
      for (const line of topLevel)
        expect(line, file).not.toMatch(/\b(window|document|localStorage|location)\b/);
    }
  });

  it('package.json version matches the privy-client header version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(core.version).toBe(pkg.version);
  });
});
