import type { AppResponse } from '@latchkey/protocol';
import type { LatchkeyAppearance } from '../types.ts';

export interface ModalTheme {
  scheme: 'light' | 'dark';
  /** A custom background colour, when the theme is a hex colour. */
  background: string | null;
  accent: string | null;
}

const hexPattern = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

const toHex = (channels: number[]) =>
  `#${channels.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const channelsOf = (hex: string): number[] => {
  let digits = hex.slice(1);
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16));
};

/** WCAG relative luminance of a `#rgb` or `#rrggbb` colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channelsOf(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (`#rgb` / `#rrggbb`), from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal text. */
export const minTextContrast = 4.5;

/**
 * The backgrounds of the two schemes (the stylesheet's `--lk-bg`, modal/styles.ts), which the accent's
 * text shade is measured against when the host gives no background of its own.
 */
export const schemeBackground = { light: '#ffffff', dark: '#16171b' } as const;
/** The schemes' own accents (the stylesheet's `--lk-accent`), for a custom background with no custom accent. */
export const schemeAccent = { light: '#5b4fe9', dark: '#8f86ff' } as const;
/** The dark text the light scheme uses (`--lk-fg`), also the accent's dark foreground. */
const darkText = '#111827';

/** `a` mixed with `b`, `share` (0–1) of `a`, in sRGB as CSS `color-mix(in srgb, …)` does. */
export function mixColors(a: string, b: string, share: number): string {
  const [x, y] = [channelsOf(a), channelsOf(b)];
  return toHex(x.map((c, i) => c * share + (y[i] ?? 0) * (1 - share)));
}

/**
 * The text colour on accent-coloured buttons: the modal's dark text or white, whichever contrasts
 * more with the accent (not a luminance crossover, which picks white on mid-tones such as #ee5500
 * where it fails AA), and pure black should neither reach 4.5:1.
 *
 * @example
 * accentForeground('#5b4fe9') // '#ffffff' (5.6:1)
 * accentForeground('#f2c94c') // '#111827'
 */
export function accentForeground(accent: string): string {
  const best =
    [darkText, '#ffffff'].sort((x, y) => contrastRatio(accent, y) - contrastRatio(accent, x))[0] ?? darkText;
  return contrastRatio(accent, best) >= minTextContrast ? best : '#000000';
}

/**
 * The accent as text on the modal's background (links, chips): the accent itself when it reads
 * (4.5:1 on the background and on a chip's 15 % accent tint), else the nearest shade of it, darker on
 * a light background and lighter on a dark one, that does.
 *
 * @example
 * accentText('#5b4fe9', '#ffffff') // '#5b4fe9' (it reads as it is)
 * accentText('#f2c94c', '#ffffff') // a dark gold: 4.5:1 at least
 */
export function accentText(accent: string, background: string): string {
  const chip = mixColors(accent, background, 0.15);
  const reads = (color: string) =>
    contrastRatio(color, background) >= minTextContrast && contrastRatio(color, chip) >= minTextContrast;
  const toward = relativeLuminance(background) > 0.179 ? '#000000' : '#ffffff';
  for (let share = 1; share > 0; share -= 0.05) {
    const shade = mixColors(accent, toward, share);
    if (reads(shade)) return shade;
  }
  return toward === '#000000' ? darkText : '#ffffff';
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

/**
 * The dialog's custom properties for a theme: its background and accent, the text on the accent
 * (`--lk-accent-fg`) and the accent's shade for text on the background (`--lk-accent-text`), both
 * chosen to meet WCAG AA (docs/theming.md).
 */
export function themeStyle(theme: ModalTheme): Record<string, string> {
  const style: Record<string, string> = {};
  if (theme.background) style['--lk-bg'] = theme.background;
  if (theme.accent) {
    style['--lk-accent'] = theme.accent;
    style['--lk-accent-fg'] = accentForeground(theme.accent);
  }
  // The scheme's accent reads on its own background; on a custom one it may need a shade too.
  if (theme.accent || theme.background)
    style['--lk-accent-text'] = accentText(
      theme.accent ?? schemeAccent[theme.scheme],
      theme.background ?? schemeBackground[theme.scheme],
    );
  return style;
}
