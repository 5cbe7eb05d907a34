import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.ts';
import { checkSiwfMessage, parseSiwfMessage, type SiwfExpectation } from './siwf-message.ts';

const now = Date.parse('2026-12-06T12:00:00Z') / 1000;
const iso = (offset: number) => new Date((now + offset) * 1000).toISOString();

/** The example of REFERENCES §2.1, as the reference client writes it; each case patches lines. */
function siwf(patch: Record<string, string | null> = {}): string {
  const lines: [string, string][] = [
    ['header', 'app.test wants you to sign in with your Ethereum account:'],
    ['address', '0x94Bac74eC80C25fd5F19A76F2cd74a46d6618c3A'],
    ['blank1', ''],
    ['statement', 'Farcaster Auth'],
    ['blank2', ''],
    ['uri', 'URI: http://app.test'],
    ['version', 'Version: 1'],
    ['chain', 'Chain ID: 10'],
    ['nonce', 'Nonce: yRnR3Cv5FjrRQwAfl'],
    ['issued', `Issued At: ${iso(-10)}`],
    ['expiration', `Expiration Time: ${iso(600)}`],
    ['resources', 'Resources:'],
    ['resource', '- farcaster://fid/262426'],
  ];
  return lines
    .flatMap(([key, line]) => {
      const value = key in patch ? patch[key] : line;
      return value === null ? [] : [value];
    })
    .join('\n');
}

const expected: SiwfExpectation = {
  fid: 262426,
  nonce: 'yRnR3Cv5FjrRQwAfl',
  domainAllowed: (domain) => domain === 'app.test',
  now,
};

/** The code of the error a check throws, or 'ok'. */
function outcome(text: string, want: Partial<SiwfExpectation> = {}): string {
  try {
    checkSiwfMessage(parseSiwfMessage(text), { ...expected, ...want });
    return 'ok';
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

describe('parseSiwfMessage and checkSiwfMessage', () => {
  it('reads a good message: signer, fid, times', () => {
    const message = parseSiwfMessage(siwf());
    expect(message.address).toBe('0x94Bac74eC80C25fd5F19A76F2cd74a46d6618c3A');
    expect(message.fid).toBe(262426);
    expect(message.expiresAt).toBe(now + 600);
    expect(outcome(siwf())).toBe('ok');
  });

  it.each([
    ['the legacy statement', { statement: 'Farcaster Connect' }, {}, 'ok'],
    ["FIP-11's fids/ spelling", { resource: '- farcaster://fids/262426' }, {}, 'ok'],
    ['a trailing slash on the resource', { resource: '- farcaster://fid/262426/' }, {}, 'ok'],
    ['no expiration', { expiration: null }, {}, 'ok'],
    ['a lower-case address', { address: '0x94bac74ec80c25fd5f19a76f2cd74a46d6618c3a' }, {}, 'ok'],
    // Not a Farcaster sign-in at all: invalid_data.
    ['a SIWE statement', { statement: 'Sign in to the app' }, {}, 'invalid_data'],
    ['no statement', { statement: null, blank2: null }, {}, 'invalid_data'],
    ['chain id 1', { chain: 'Chain ID: 1' }, {}, 'invalid_data'],
    ['no resource', { resources: null, resource: null }, {}, 'invalid_data'],
    ['two resources', { resource: '- farcaster://fid/262426\n- farcaster://fid/1' }, {}, 'invalid_data'],
    ['another resource', { resource: '- https://privy.io' }, {}, 'invalid_data'],
    ['fid 0', { resource: '- farcaster://fid/0' }, {}, 'invalid_data'],
    ['a non-numeric fid', { resource: '- farcaster://fid/abc' }, {}, 'invalid_data'],
    ['a bad address', { address: '0x1234' }, {}, 'invalid_data'],
    ['a bad issued-at', { issued: 'Issued At: yesterday' }, {}, 'invalid_data'],
    ['version 2', { version: 'Version: 2' }, {}, 'invalid_data'],
    // A Farcaster sign-in, but not this one: invalid_credentials.
    ['a fid other than the request’s', {}, { fid: 1 }, 'invalid_credentials'],
    ['another nonce', {}, { nonce: 'someOtherNonce1' }, 'invalid_credentials'],
    [
      'another domain',
      { header: 'evil.test wants you to sign in with your Ethereum account:' },
      {},
      'invalid_credentials',
    ],
    ['an expired message', { expiration: `Expiration Time: ${iso(-1)}` }, {}, 'invalid_credentials'],
    ['issued in the future', { issued: `Issued At: ${iso(3600)}` }, {}, 'invalid_credentials'],
    ['not valid yet', { expiration: `Not Before: ${iso(3600)}` }, {}, 'invalid_credentials'],
  ] as const)('%s', (name, patch, want, code) => {
    expect(outcome(siwf(patch), want), name).toBe(code);
  });
});
