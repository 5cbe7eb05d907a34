import type { FrameBundle } from './frame-bundles.ts';

/** What the frame script reads from `#latchkey-frame-config` (packages/wallet-frame/src/frame/config.ts). */
export interface FramePageConfig {
  appId: string;
  apiUrl: string;
  allowedOrigins: string[];
  /** The current DPoP nonce (hidden frame only): its first device proof is then not refused. */
  dpopNonce?: string;
}

/** The export frame's stylesheet; the host's palette overrides the variables from the query. */
export const exportStyle = [
  ':root{color-scheme:light dark;--lk-background:transparent;--lk-background2:#f1f2f9;--lk-foreground3:#64668b;',
  '--lk-foreground-accent:#fff;--lk-accent:#676fff;--lk-accent-dark:#3f47d1}',
  'html,body{margin:0;background:var(--lk-background);font:14px/1.4 system-ui,sans-serif}',
  '[hidden]{display:none!important}',
  '.buttons{display:flex;gap:8px}',
  'button{flex:1;height:40px;border:0;border-radius:12px;background:var(--lk-accent);',
  'color:var(--lk-foreground-accent);font:inherit;font-weight:500;cursor:pointer}',
  'button:hover{background:var(--lk-accent-dark)}button:disabled{opacity:.6;cursor:default}',
  'output{display:block;margin-top:8px;padding:8px;border-radius:8px;background:var(--lk-background2);',
  'color:var(--lk-foreground3);font:12px/1.4 ui-monospace,monospace;word-break:break-all;user-select:all}',
  '.status{margin:6px 0 0;color:#e0384a;font-size:12px}.status:empty{display:none}',
].join('');

/** JSON that is safe inside a `<script>` element: no `</script>`, comments or line separators. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function document(head: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${head}</head><body>${body}</body></html>`;
}

/** A frame page: its config, its script (same origin, pinned by integrity) and, for export, its stylesheet. */
export function renderFramePage(options: {
  kind: 'frame' | 'export';
  config: FramePageConfig;
  bundle: FrameBundle;
}): string {
  const { kind, config, bundle } = options;
  const head = [
    `<title>${kind === 'frame' ? 'Latchkey wallet' : 'Latchkey wallet export'}</title>`,
    kind === 'export' ? `<style>${exportStyle}</style>` : '',
    `<script id="latchkey-frame-config" type="application/json">${scriptJson(config)}</script>`,
    `<script type="module" src="/embedded-wallets/${kind}.js?v=${bundle.version}" integrity="${bundle.integrity}"></script>`,
  ].join('');
  return document(head, kind === 'export' ? '<main id="latchkey-export"></main>' : '');
}

/** A plain page for failures (unknown app, frame not built); the text is fixed, never from the request. */
export function renderMessagePage(message: string): string {
  return document('<title>Latchkey</title>', `<p>${message.replace(/[<>&]/g, '')}</p>`);
}
