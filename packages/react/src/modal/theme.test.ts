import { type AppResponse, defaultAppConfig } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { modalTheme, relativeLuminance } from './theme.ts';

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
