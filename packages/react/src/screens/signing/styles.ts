/**
 * The signing screens' extra styles, on top of the modal's sheet (same variables, same scope).
 * Adopted in the modal's root when a signing screen first shows, so no other flow carries them.
 */
export const signingCss = `
.lk-modal .lk-rows{display:flex;flex-direction:column;border:1px solid var(--lk-border);border-radius:var(--lk-radius);text-align:left}
.lk-modal .lk-row{display:flex;justify-content:space-between;align-items:baseline;gap:12px;padding:10px 14px;font-size:14px}
.lk-modal .lk-row+.lk-row{border-top:1px solid var(--lk-border)}
.lk-modal .lk-row-label{flex:none;color:var(--lk-muted)}
.lk-modal .lk-row-value{min-width:0;font-weight:500;text-align:right;overflow-wrap:anywhere}
.lk-modal .lk-expander{display:flex;justify-content:space-between;width:100%;padding:10px 14px;border:0;border-top:1px solid var(--lk-border);
background:none;color:var(--lk-fg);font:inherit;font-size:14px;font-weight:500;cursor:pointer}
.lk-modal .lk-expander::after{content:"▾";color:var(--lk-muted)}
.lk-modal .lk-expander[aria-expanded=true]::after{content:"▴"}
.lk-modal .lk-accordion{max-height:700px;overflow-y:auto}
.lk-modal .lk-box{max-height:310px;overflow:auto;margin:0;padding:12px;border:1px solid var(--lk-border);border-radius:var(--lk-radius);
background:var(--lk-surface);text-align:left;font:13px/1.5 ui-monospace,monospace;white-space:pre-wrap;overflow-wrap:anywhere}
.lk-modal .lk-tree,.lk-modal .lk-tree ul{list-style:none;margin:0;padding:0}
.lk-modal .lk-tree ul{padding-left:14px}
.lk-modal .lk-tree-key{color:var(--lk-muted)}
.lk-modal .lk-card{display:flex;justify-content:space-between;align-items:center;gap:12px;padding:12px 14px;border-radius:var(--lk-radius);
background:var(--lk-surface);font-size:14px;text-align:left}
.lk-modal .lk-card>*{min-width:0}
.lk-modal .lk-card>.lk-short,.lk-modal .lk-card>.lk-copy{flex:none}
.lk-modal .lk-warning{color:var(--lk-error);font-size:13px}
.lk-modal .lk-instruction{padding:10px 14px;border-top:1px solid var(--lk-border);font-size:13px}
.lk-modal .lk-instruction-title{font-weight:600}
.lk-modal .lk-sign-icon{display:block;width:48px;height:48px;margin:0 auto;border-radius:12px;object-fit:contain}
`;
