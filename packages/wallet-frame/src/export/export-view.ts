import type { DecodedExportFrameQuery, ExportPaletteKey } from '@latchkey/protocol';
import type { ExportKind } from './export-secret.ts';

export const exportCopy = {
  copyKey: 'Copy key',
  copyPhrase: 'Copy seed phrase',
  copied: 'Copied',
} as const;

/** Palette query keys (WIRE §6) and the CSS variables of the page's stylesheet they set. */
const palette: Partial<Record<ExportPaletteKey, string>> = {
  background: '--lk-background',
  background2: '--lk-background2',
  foreground3: '--lk-foreground3',
  foregroundAccent: '--lk-foreground-accent',
  accent: '--lk-accent',
  accentDark: '--lk-accent-dark',
};

/**
 * Applies the host's palette. Setting properties through the CSSOM is allowed by the page's CSP (which
 * refuses inline style attributes), and each value must parse as a colour, so it cannot smuggle rules.
 */
export function applyPalette(
  root: HTMLElement,
  query: Pick<DecodedExportFrameQuery, 'palette' | 'colorScheme'>,
): void {
  for (const [name, variable] of Object.entries(palette) as [ExportPaletteKey, string][]) {
    const value = query.palette[name];
    if (value && value.length <= 64 && CSS.supports('color', value)) root.style.setProperty(variable, value);
  }
  const scheme = query.colorScheme;
  if (scheme === 'light' || scheme === 'dark') root.style.setProperty('color-scheme', scheme);
}

export interface ExportControl {
  button: HTMLButtonElement;
  value: HTMLElement;
  /** Hides the value (and drops it from the page) and puts the button's label back. */
  reset(): void;
}

/**
 * One 'Copy …' button and the element its value is revealed in, both inside this frame. `reveal`
 * resolves null when it failed (and has said so).
 */
export function exportControl(
  doc: Document,
  kind: ExportKind,
  reveal: () => Promise<string | null>,
): ExportControl {
  const label = kind === 'key' ? exportCopy.copyKey : exportCopy.copyPhrase;
  const button = doc.createElement('button');
  button.type = 'button';
  button.textContent = label;
  button.dataset.testid = `lk-export-reveal-${kind}`;
  const value = doc.createElement('output');
  value.dataset.testid = `lk-export-${kind}`;
  value.hidden = true;
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const secret = await reveal();
      if (secret === null) return;
      value.textContent = secret;
      value.hidden = false;
      // Clipboard access needs the host's `allow="clipboard-write"`; without it the value is only shown.
      const copied = await navigator.clipboard?.writeText(secret).then(
        () => true,
        () => false,
      );
      if (copied) button.textContent = exportCopy.copied;
    } finally {
      button.disabled = false;
    }
  });
  const reset = () => {
    value.hidden = true;
    value.textContent = '';
    button.textContent = label;
  };
  return { button, value, reset };
}
