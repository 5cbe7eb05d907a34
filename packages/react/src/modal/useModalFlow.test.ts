import { describe, expect, it } from 'vitest';
import type { LatchkeyAppearance } from '../types.ts';
import { modalTheme } from './theme.ts';
import { moonpayUiConfig } from './useModalFlow.ts';

describe("MoonPay's widget colours from the modal's theme", () => {
  it.each<[LatchkeyAppearance, Record<string, string>]>([
    [{}, { theme: 'light' }],
    [{ theme: 'dark' }, { theme: 'dark' }],
    [
      { theme: 'dark', accentColor: '#EE5500' },
      { theme: 'dark', accentColor: '#EE5500' },
    ],
    [{ accentColor: '#e50' }, { theme: 'light', accentColor: '#ee5500' }],
    [{ accentColor: '#ee550080' }, { theme: 'light' }],
    [{ theme: '#101820' }, { theme: 'dark' }],
  ])('%j → %j', (appearance, expected) => {
    expect(moonpayUiConfig(modalTheme(appearance, null))).toEqual(expected);
  });
});
