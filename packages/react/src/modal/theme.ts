import type { AppResponse } from '@latchkey/protocol';
import type { LatchkeyAppearance } from '../types.ts';

export interface ModalTheme {
  scheme: 'light' | 'dark';
  /** A custom background colour, when the theme is a hex colour. */
  background: string | null;
  accent: string | null;
}

const hexPattern = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** WCAG relative luminance of a `#rgb` or `#rrggbb` colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  let digits = hex.slice(1);
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The modal's theme: the host's appearance first, then the app's server config. A hex theme is
 * the background, with light or dark text picked by its luminance.
 *
 * @example
 * modalTheme({ theme: '#101820' }, null) // { scheme: 'dark', background: '#101820', accent: null }
 */
export function modalTheme(appearance: LatchkeyAppearance | undefined, app: AppResponse | null): ModalTheme {
  const theme = appearance?.theme ?? app?.theme ?? 'light';
  const accentCandidate = appearance?.accentColor ?? app?.accent_color ?? null;
  const accent = accentCandidate && hexPattern.test(accentCandidate) ? accentCandidate : null;
  if (hexPattern.test(theme)) {
    // Above 0.179 black text contrasts better than white (WCAG contrast crossover).
    return { scheme: relativeLuminance(theme) > 0.179 ? 'light' : 'dark', background: theme, accent };
  }
  return { scheme: theme === 'dark' ? 'dark' : 'light', background: null, accent };
}

/** The dialog's custom properties for a theme: its background and accent, with text that reads on the accent. */
export function themeStyle(theme: ModalTheme): Record<string, string> {
  const style: Record<string, string> = {};
  if (theme.background) style['--lk-bg'] = theme.background;
  if (theme.accent) {
    style['--lk-accent'] = theme.accent;
    style['--lk-accent-fg'] = relativeLuminance(theme.accent) > 0.179 ? '#111827' : '#ffffff';
  }
  return style;
}
