import { isValidElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { everyIncumbentOption } from '../../test/incumbent-config.tsx';
import type { LatchkeyConfig } from '../types.ts';
import { fromIncumbentConfig } from './fromIncumbentConfig.ts';
import { type IncumbentOptionPath, incumbentOptions } from './incumbentOptions.ts';
import {
  forgetUnsupported,
  reportUnsupported,
  unsupportedMessages,
  unsupportedOptions,
} from './unsupportedOptions.ts';

const table: Record<string, string> = incumbentOptions;
const paths = Object.keys(incumbentOptions) as IncumbentOptionPath[];
const entries = paths.filter((path) => path.includes(':'));

/** The option paths of a config, down to the first path the table names (or a leaf it does not). */
function optionPaths(value: unknown, prefix = ''): string[] {
  if (prefix in table) return [prefix];
  const isObject =
    typeof value === 'object' && value !== null && !Array.isArray(value) && !isValidElement(value);
  if (!isObject || prefix.startsWith('solana.rpcs')) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    optionPaths(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe("the incumbent's options: each mapped, the same as ours, or reported", () => {
  it('names every option an incumbent app can set (none silently dropped)', () => {
    const set = optionPaths(everyIncumbentOption);
    expect(set.filter((path) => !(path in table))).toEqual([]);
    // And the app sets every option of the table: the two lists agree.
    expect(paths.filter((path) => !entries.includes(path) && !set.includes(path))).toEqual([]);
  });

  it("has a message for exactly the unsupported ones, and a mapped option's target is one of ours", () => {
    const unsupported = paths.filter((path) => table[path] === 'unsupported');
    expect(Object.keys(unsupportedMessages).sort()).toEqual([...unsupported].sort());
    const ours: LatchkeyConfig = fromIncumbentConfig(everyIncumbentOption);
    for (const path of paths.filter((p) => !['same', 'unsupported'].includes(table[p] ?? ''))) {
      const target = table[path]!.split('.');
      const value = target.reduce<unknown>((v, key) => (v as Record<string, unknown>)?.[key], ours);
      expect(value, `${path} → ${table[path]}`).toBeDefined();
    }
  });
});

describe('reportUnsupported', () => {
  let warn: MockInstance<typeof console.warn>;
  beforeEach(() => {
    forgetUnsupported();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());
  const warnings = () => warn.mock.calls.map((call) => String(call[0]));

  it('tells each unsupported option once per page, by name, with what to do instead', () => {
    reportUnsupported(everyIncumbentOption);
    const told = warnings();
    expect(told).toHaveLength(Object.keys(unsupportedMessages).length);
    for (const [path, message] of Object.entries(unsupportedMessages)) {
      expect(told).toContain(`Latchkey: config.${path.split(':')[0]} ${message}`);
    }
    // Another render, another provider: nothing new.
    reportUnsupported(everyIncumbentOption);
    reportUnsupported({ captchaEnabled: false });
    expect(warnings()).toHaveLength(told.length);
  });

  it.each<[string, LatchkeyConfig, string[]]>([
    [
      "Latchkey's own options",
      { appearance: { theme: 'dark' }, loginMethods: ['email'], solanaClusters: [] },
      [],
    ],
    [
      "the incumbent's options that are ours",
      {
        appearance: { showWalletLoginFirst: true },
        loginMethodsAndOrder: { primary: ['metamask'] },
        mfa: {},
      },
      [],
    ],
    ['twitch among the login methods', { loginMethods: ['email', 'twitch'] }, ['loginMethods:twitch']],
    [
      'a cross-app login in the order',
      { loginMethodsAndOrder: { primary: ['privy:x'] } },
      ['loginMethods:privy'],
    ],
    ['false is set too', { captchaEnabled: false }, ['captchaEnabled']],
    [
      'a nested option',
      { externalWallets: { walletConnect: { enabled: false } } },
      ['externalWallets.walletConnect'],
    ],
  ])('%s', (_, config, expected) => {
    expect(unsupportedOptions(config)).toEqual(expected);
  });

  it('reads every message as a sentence that ends with a full stop', () => {
    for (const message of Object.values(unsupportedMessages)) expect(message).toMatch(/^[a-z].*\.$/);
  });
});
