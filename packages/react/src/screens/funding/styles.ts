/**
 * The funding screens' extra styles, on top of the modal's sheet (same variables, same scope).
 * Adopted in the modal's root when a funding screen first shows, so no other flow carries them.
 */
export const fundingCss = `
.lk-modal .lk-fund-banner{padding:10px 14px;border:1px solid var(--lk-error);border-radius:var(--lk-radius);
background:color-mix(in srgb,var(--lk-error) 8%,transparent);color:var(--lk-fg);font-size:13px;text-align:left}
.lk-modal .lk-fund-hint{font-size:13px}
.lk-modal .lk-card{display:flex;justify-content:space-between;align-items:center;gap:12px;padding:12px 14px;border-radius:var(--lk-radius);
background:var(--lk-surface);font-size:14px;text-align:left}
.lk-modal .lk-card>.lk-short,.lk-modal .lk-card>.lk-copy{flex:none}
.lk-modal .lk-fund-notice{color:var(--lk-error);font-size:13px}
`;
