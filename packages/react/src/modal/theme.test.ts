import { type AppResponse, defaultAppConfig } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import {
  accentForeground,
  accentText,
  contrastRatio,
  minTextContrast,
  mixColors,
  modalTheme,
  relativeLuminance,
  schemeBackground,
  themeStyle,
} from './theme.ts';

const app = { ...defaultAppConfig, id: 'abcdefghijklmnopqrstuvwxy' } as AppResponse;

describe('modalTheme', () => {
  it('defaults to light, and follows the app config when the host sets nothing', () => {
    expect(modalTheme(undefined, null)).toEqual({ scheme: 'light', background: null, accent: null });
    expect(modalTheme(undefined, { ...app, theme: 'dark', accent_color: '#ff0000' })).toEqual({
      scheme: 'dark',
      background: null,
      accent: '#ff0000',
    });
  });

  it("prefers the host's appearance", () => {
    expect(modalTheme({ theme: 'light', accentColor: '#00ff00' }, { ...app, theme: 'dark' })).toMatchObject({
      scheme: 'light',
      accent: '#00ff00',
    });
  });

  it('picks light or dark text for a hex background by luminance', () => {
    expect(modalTheme({ theme: '#101820' }, null)).toMatchObject({ scheme: 'dark', background: '#101820' });
    expect(modalTheme({ theme: '#f5f0e6' }, null)).toMatchObject({ scheme: 'light', background: '#f5f0e6' });
    expect(modalTheme({ theme: '#fff' }, null).scheme).toBe('light');
  });

  it('ignores an accent that is not a hex colour', () => {
    expect(modalTheme(undefined, { ...app, accent_color: 'red; x: y' }).accent).toBeNull();
  });

  it('computes WCAG relative luminance', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1);
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 3);
  });
});

describe('contrast', () => {
  it('computes WCAG contrast ratios of known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777')).toBe(1);
    // WebAIM's checker: #767676 on white is the lightest grey that passes AA (4.54:1), #777 fails (4.48:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#0000ff', '#ffffff')).toBeCloseTo(8.59, 2);
  });

  it('mixes colours as color-mix in srgb does', () => {
    expect(mixColors('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColors('#ff0000', '#0000ff', 1)).toBe('#ff0000');
    expect(mixColors('#fff', '#000', 0)).toBe('#000000');
  });

  it('puts the more contrasting of dark text and white on the accent', () => {
    expect(accentForeground('#5b4fe9')).toBe('#ffffff');
    expect(accentForeground('#f2c94c')).toBe('#111827');
    // A burnt orange just above the crossover (0.179): the crossover picks the dark text at 4.1:1 and
    // white reads no better (4.3:1); only black reaches AA (4.9:1).
    expect(relativeLuminance('#d9480f')).toBeGreaterThan(0.179);
    expect(contrastRatio('#d9480f', '#111827')).toBeLessThan(minTextContrast);
    expect(contrastRatio('#d9480f', '#ffffff')).toBeLessThan(minTextContrast);
    expect(accentForeground('#d9480f')).toBe('#000000');
    expect(accentForeground('#ea580c')).toBe('#111827');
    for (const accent of [
      '#5b4fe9',
      '#f2c94c',
      '#d9480f',
      '#1c7ed6',
      '#808080',
      '#00ff00',
      '#000',
      '#fff',
      '#e11d48',
    ])
      expect(contrastRatio(accent, accentForeground(accent))).toBeGreaterThanOrEqual(minTextContrast);
  });

  it('keeps an accent that reads as text, and darkens or lightens one that does not', () => {
    expect(accentText('#1d4ed8', '#ffffff')).toBe('#1d4ed8');
    const gold = accentText('#f2c94c', '#ffffff');
    expect(gold).not.toBe('#f2c94c');
    expect(contrastRatio(gold, '#ffffff')).toBeGreaterThanOrEqual(minTextContrast);
    // Darkened, not replaced: still more red than blue, as the gold is.
    const [r, , b] = [1, 3, 5].map((i) => Number.parseInt(gold.slice(i, i + 2), 16)) as [
      number,
      number,
      number,
    ];
    expect(r).toBeGreaterThan(b);
    const navy = accentText('#1e3a8a', schemeBackground.dark);
    expect(contrastRatio(navy, schemeBackground.dark)).toBeGreaterThanOrEqual(minTextContrast);
    expect(relativeLuminance(navy)).toBeGreaterThan(relativeLuminance('#1e3a8a'));
    // Also on a chip's tint of the accent.
    for (const accent of ['#f2c94c', '#00ff00', '#5b4fe9', '#ee5500']) {
      const text = accentText(accent, '#ffffff');
      expect(contrastRatio(text, mixColors(accent, '#ffffff', 0.15))).toBeGreaterThanOrEqual(minTextContrast);
    }
  });

  it("sets the accent's foreground and text shade on the dialog", () => {
    expect(themeStyle(modalTheme({ accentColor: '#f2c94c' }, null))).toEqual({
      '--lk-accent': '#f2c94c',
      '--lk-accent-fg': '#111827',
      '--lk-accent-text': accentText('#f2c94c', '#ffffff'),
    });
    expect(themeStyle(modalTheme({ theme: '#101820', accentColor: '#1e3a8a' }, null))).toMatchObject({
      '--lk-bg': '#101820',
      '--lk-accent-text': accentText('#1e3a8a', '#101820'),
    });
    expect(themeStyle(modalTheme({ theme: 'dark' }, null))).toEqual({});
    // A custom background alone: the scheme's accent gets a shade that reads on it.
    const grey = themeStyle(modalTheme({ theme: '#8899aa' }, null));
    expect(grey['--lk-accent']).toBeUndefined();
    expect(contrastRatio(grey['--lk-accent-text'] ?? '', '#8899aa')).toBeGreaterThanOrEqual(minTextContrast);
  });
});
