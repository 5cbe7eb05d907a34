/**
 * The modal's one stylesheet, adopted in the modal's shadow root (modalRoot.ts), so bundlers need no
 * CSS handling and the page's CSS cannot reach it. Theming is CSS custom properties only, on the host
 * element: `data-theme="dark"` swaps the palette, and the page may set any `--lk-*` there
 * (docs/theming.md).
 */
import { schemeAccent, schemeBackground } from './theme.ts';

/**
 * The root's reset: the host takes nothing from the page (`all:initial` resets every inherited
 * property: color, font, line-height, letter-spacing, text-transform, visibility…; `!important` so a
 * page's own `!important` rules on `*` or on the element lose, as an inner context's important rules
 * win), reads left to right (the copy is English), and is no box of its own unless inline (a preview):
 * as a flex or grid item it would take a gap. Sizes below are in px, never rem (a page's `:root` font
 * size), and every element of ours is border-box.
 */
const hostCss = `:host{all:initial!important;direction:ltr!important;display:contents!important}
:host([data-inline]){display:block!important;width:100%!important;min-width:0!important}
:host([data-inline]) .lk-modal{position:relative;inset:auto;margin:0 auto;width:min(360px,100%);max-width:none}
.lk-modal,.lk-modal *,.lk-modal *::before,.lk-modal *::after{box-sizing:border-box}
`;

/**
 * The palette, on the host so that a page's rule for `latchkey-modal` wins over it (an outer
 * context's normal rules beat `:host` ones) and the dialog inherits it. The theming API
 * (docs/theming.md) and what keeps every text at WCAG AA (4.5:1), checked by axe in
 * e2e/visual.test.ts: the font as a property; muted text at 70 % of the foreground (60 % read at
 * 4.3:1 on the surface); a darker success green in light mode (#079455 read at 3.9:1); links and
 * chips in `--lk-accent-text`, which `themeStyle` derives from a custom accent; long unbroken words
 * (addresses) wrap instead of widening a screen past a phone's width. The schemes' background and
 * accent come from theme.ts, whose contrast maths measures against them.
 */
const themingCss = `:host{--lk-bg:${schemeBackground.light};--lk-fg:#111827;--lk-muted:color-mix(in srgb,var(--lk-fg) 70%,var(--lk-bg));
--lk-border:color-mix(in srgb,var(--lk-fg) 14%,var(--lk-bg));--lk-surface:color-mix(in srgb,var(--lk-fg) 4%,var(--lk-bg));
--lk-accent:${schemeAccent.light};--lk-accent-fg:#fff;--lk-accent-text:var(--lk-accent);--lk-error:#d92d20;--lk-success:#067647;
--lk-radius:12px;--lk-font:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
:host([data-theme=dark]){--lk-bg:${schemeBackground.dark};--lk-fg:#f2f3f5;--lk-accent:${schemeAccent.dark};--lk-accent-fg:#111827;
--lk-error:#f97066;--lk-success:#47cd89}
.lk-modal{font-family:var(--lk-font)}
.lk-btn-link,.lk-links a,.lk-footer a,.lk-chip{color:var(--lk-accent-text)}
.lk-screen{overflow-wrap:anywhere}
.lk-modal .lk-card>*{min-width:0}
`;
/**
 * The modal's rules. On a field, the 'Recent' chip sits on the field's top edge
 * (`.lk-input-row>.lk-chip`): inside it, the chip cut the email placeholder short.
 */
export const modalCss = `
.lk-modal{--lk-h:620px;--lk-max-h:min(var(--lk-h),calc(100dvh - 32px));
width:360px;max-width:calc(100vw - 32px);height:fit-content;max-height:none;
padding:0;border:0;border-radius:16px;background:var(--lk-bg);color:var(--lk-fg);overflow:hidden;
font:400 15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;box-shadow:0 16px 48px rgb(0 0 0/.25);
transition:opacity .2s ease,transform .2s ease,overlay .2s allow-discrete,display .2s allow-discrete}
.lk-modal:not([open]){opacity:0;transform:scale(.96)}
@starting-style{.lk-modal[open]{opacity:0;transform:scale(.96)}}
.lk-modal[data-size=compact]{--lk-h:480px}
.lk-modal::backdrop{background:rgb(0 0 0/.45);transition:opacity .2s ease,overlay .2s allow-discrete,display .2s allow-discrete}
.lk-modal:not([open])::backdrop{opacity:0}
@starting-style{.lk-modal[open]::backdrop{opacity:0}}
.lk-grab{display:none}
@media (max-width:440px){.lk-modal{--lk-max-h:min(var(--lk-h),calc(100dvh - 16px));width:100%;max-width:100%;margin:auto 0 0;
border-radius:16px 16px 0 0;transition-duration:.25s}
.lk-modal:not([open]){opacity:1;transform:translateY(100%)}
@starting-style{.lk-modal[open]{opacity:1;transform:translateY(100%)}}
.lk-grab{display:block;position:absolute;top:6px;left:50%;width:36px;height:4px;margin-left:-18px;border-radius:2px;background:var(--lk-border)}}
.lk-inner{position:relative;display:flex;flex-direction:column;max-height:var(--lk-max-h);padding:12px 20px 20px}
.lk-topbar{display:flex;justify-content:space-between;align-items:center;min-height:32px}
.lk-icon-btn{display:inline-grid;place-items:center;width:32px;height:32px;border:0;border-radius:8px;
background:transparent;color:var(--lk-muted);font:inherit;font-size:20px;line-height:1;cursor:pointer}
.lk-icon-btn:hover{background:var(--lk-surface);color:var(--lk-fg)}
.lk-screen{display:flex;flex-direction:column;gap:12px;flex:1;min-height:0;overflow-y:auto;text-align:center;padding:2px;
animation:lk-screen-in .18s ease-out}
@keyframes lk-screen-in{from{opacity:0}}
.lk-screen h2{margin:4px 0 0;font-size:18px;font-weight:600;line-height:1.3}
.lk-screen h2:focus{outline:none}
.lk-screen p{margin:0}
.lk-muted{color:var(--lk-muted);font-size:14px}
.lk-logo{display:block;margin:0 auto;max-height:140px;max-width:100%;object-fit:contain}
.lk-stack{display:flex;flex-direction:column;gap:10px;margin-top:8px;text-align:left}
.lk-btn{display:flex;align-items:center;gap:10px;width:100%;min-height:48px;padding:0 16px;border:1px solid var(--lk-border);
border-radius:var(--lk-radius);background:var(--lk-surface);color:var(--lk-fg);font:inherit;font-weight:500;
text-align:left;text-decoration:none;cursor:pointer}
.lk-btn:hover:not(:disabled){border-color:var(--lk-accent)}
.lk-btn:disabled{opacity:.55;cursor:default}
.lk-btn-primary{justify-content:center;background:var(--lk-accent);border-color:var(--lk-accent);color:var(--lk-accent-fg)}
.lk-btn-secondary{justify-content:center;background:transparent}
.lk-btn-link{display:inline;min-height:0;padding:0;border:0;background:none;color:var(--lk-accent);font:inherit;font-weight:500;cursor:pointer}
.lk-btn-link:disabled{color:var(--lk-muted);cursor:default}
.lk-btn .lk-grow{flex:1}
/* Icons (src/icons): line glyphs in the text colour, marks in their owners' colours, logos. */
.lk-icon{flex:none;width:20px;height:20px}
.lk-mark{flex:none;width:24px;height:24px}
.lk-btn>.lk-icon{width:24px;height:24px;padding:2px}
.lk-btn-primary>.lk-icon,.lk-btn-secondary>.lk-icon{width:18px;height:18px;padding:0}
.lk-btn>.lk-grow~.lk-icon,.lk-input-row>.lk-icon{color:var(--lk-muted)}
.lk-status-icon .lk-icon{width:28px;height:28px;stroke-width:2.5}
.lk-logo-box{display:flex;justify-content:center;min-width:0}
.lk-logo-box[data-size=small] .lk-logo{max-height:65px}
.lk-logo-box:empty{display:none}
.lk-app-icon-box{position:relative}
.lk-app-icon{display:block;width:56px;height:56px;border-radius:14px;object-fit:cover}
.lk-app-icon-box>.lk-app-icon+.lk-status-icon{position:absolute;right:-8px;bottom:-8px;width:26px;height:26px;
border:2px solid var(--lk-bg);background:var(--lk-success);color:var(--lk-bg)}
.lk-app-icon-box>.lk-app-icon+.lk-status-icon .lk-icon{width:14px;height:14px;stroke-width:3}
.lk-wallet-icon>.lk-mark,.lk-wallet-icon>.lk-icon{display:block;width:100%;height:100%}
span.lk-wallet-icon{flex:none}
.lk-wallet-icon.lk-wallet-icon-lg{width:56px;height:56px;border-radius:12px}
.lk-status-provider{display:grid;place-items:center;width:56px;height:56px;margin:0 auto 12px;border:1px solid var(--lk-border);
border-radius:50%}
.lk-field{display:flex;flex-direction:column;gap:6px}
.lk-input-row{position:relative;display:flex;align-items:center;gap:6px;min-height:48px;padding:0 6px 0 14px;border:1px solid var(--lk-border);
border-radius:var(--lk-radius);background:var(--lk-bg)}
.lk-input-row:focus-within{border-color:var(--lk-accent);box-shadow:0 0 0 3px color-mix(in srgb,var(--lk-accent) 25%,transparent)}
.lk-input-row[data-invalid=true]{border-color:var(--lk-error)}
.lk-input{flex:1;min-width:0;height:44px;padding:0;border:0;outline:none;background:transparent;color:var(--lk-fg);font:inherit}
.lk-input::placeholder{color:var(--lk-muted)}
.lk-country{position:relative;display:inline-flex;flex:none;align-items:center;height:36px;padding-right:8px;border-right:1px solid var(--lk-border);border-radius:6px 0 0 6px}
.lk-country-face{display:inline-flex;align-items:center;gap:4px;font-size:14px;font-weight:500;white-space:nowrap}
.lk-country-face .lk-icon{width:14px;height:14px;color:var(--lk-muted)}
.lk-select{position:absolute;inset:0;width:100%;height:100%;opacity:0;border:0;font:inherit;font-size:14px;cursor:pointer}
.lk-country:has(.lk-select:focus-visible){outline:2px solid var(--lk-accent);outline-offset:2px}
.lk-submit{height:36px;padding:0 12px;border:0;border-radius:8px;background:var(--lk-accent);color:var(--lk-accent-fg);font:inherit;font-weight:500;cursor:pointer}
.lk-submit:disabled{background:var(--lk-surface);color:var(--lk-muted);cursor:default}
.lk-field-error{margin:0;color:var(--lk-error);font-size:13px;text-align:left}
.lk-field-error:empty{display:none}
.lk-chip{padding:2px 8px;border-radius:999px;background:color-mix(in srgb,var(--lk-accent) 15%,transparent);color:var(--lk-accent);font-size:12px;font-weight:600}
.lk-input-row>.lk-chip{position:absolute;top:-9px;left:10px;line-height:14px;background:color-mix(in srgb,var(--lk-accent) 15%,var(--lk-bg))}
.lk-badge{display:inline-flex;align-items:center;gap:4px;padding:2px 10px;border-radius:999px;
background:color-mix(in srgb,var(--lk-success) 15%,transparent);color:var(--lk-success);font-size:13px;font-weight:600}
.lk-code{display:grid;min-width:0;padding:0;border:0;grid-template-columns:repeat(6,1fr);gap:8px;margin:8px 0 0}
.lk-digit{width:100%;height:56px;padding:0;border:1px solid var(--lk-border);border-radius:10px;background:var(--lk-bg);
color:var(--lk-fg);font:600 22px/1 ui-monospace,monospace;text-align:center}
.lk-digit:focus{outline:none;border-color:var(--lk-accent);box-shadow:0 0 0 3px color-mix(in srgb,var(--lk-accent) 25%,transparent)}
.lk-code[data-status=error] .lk-digit{border-color:var(--lk-error)}
.lk-code[data-status=success] .lk-digit{border-color:var(--lk-success)}
.lk-shake{animation:lk-shake .4s ease-in-out}
@keyframes lk-shake{20%,60%{transform:translateX(-6px)}40%,80%{transform:translateX(6px)}}
.lk-resend{display:flex;justify-content:center;align-items:center;gap:6px;flex-wrap:wrap;font-size:14px;color:var(--lk-muted)}
.lk-center{flex:1;display:flex;flex-direction:column;justify-content:center;align-items:center;gap:12px}
.lk-spinner{width:40px;height:40px;border:3px solid var(--lk-border);border-top-color:var(--lk-accent);border-radius:50%;animation:lk-spin .8s linear infinite}
@keyframes lk-spin{to{transform:rotate(360deg)}}
.lk-status-icon{display:grid;place-items:center;width:56px;height:56px;border-radius:50%;font-size:28px;
background:color-mix(in srgb,var(--lk-error) 14%,transparent);color:var(--lk-error)}
.lk-status-icon[data-tone=success]{background:color-mix(in srgb,var(--lk-success) 14%,transparent);color:var(--lk-success)}
.lk-actions{display:flex;flex-direction:column;gap:10px;margin-top:auto;padding-top:12px}
.lk-screen>.lk-actions{position:sticky;bottom:-2px;z-index:1;padding-bottom:2px;background:var(--lk-bg)}
.lk-links{display:flex;justify-content:center;gap:16px;font-size:14px}
.lk-links a,.lk-footer a{color:var(--lk-accent)}
.lk-footer{margin-top:auto;padding-top:12px;color:var(--lk-muted);font-size:12px;text-align:center}
.lk-captcha-box:empty{display:none}
.lk-wallet-list{display:flex;flex-direction:column;gap:8px;max-height:400px;overflow-y:auto;text-align:left;padding:2px}
.lk-wallet-row{flex:none;height:56px;min-height:56px}
.lk-wallet-icon{width:28px;height:28px;border-radius:6px;object-fit:contain}
.lk-wallet-tag{color:var(--lk-muted);font-size:12px;font-weight:500}
.lk-visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.lk-short{white-space:nowrap;font:13px/1.4 ui-monospace,monospace}
.lk-short-tail::before{content:"…"/""}
.lk-amount{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.lk-modal :focus-visible{outline:2px solid var(--lk-accent);outline-offset:2px}
.lk-modal .lk-input:focus-visible,.lk-modal .lk-digit:focus-visible,.lk-modal .lk-select:focus-visible{outline:none}
@media (prefers-reduced-motion:reduce){.lk-modal,.lk-modal::backdrop,.lk-modal *{transition:none!important;animation:none!important}}
${hostCss}${themingCss}`;
