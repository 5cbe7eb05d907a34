/**
 * The MFA screens' extra styles, on top of the modal's sheet (same variables, same scope), adopted in
 * the modal's root when an MFA screen first shows.
 */
export const mfaCss = `
.lk-modal .lk-mfa-method{justify-content:space-between}
.lk-modal .lk-mfa-row{display:flex;align-items:center;gap:8px}
.lk-modal .lk-mfa-row .lk-btn{flex:1}
.lk-modal .lk-mfa-remove{flex:none;width:auto;min-height:48px;padding:0 12px;color:var(--lk-error)}
.lk-modal .lk-mfa-key{padding:10px 12px;border:1px solid var(--lk-border);border-radius:var(--lk-radius);background:var(--lk-surface);
font:13px/1.4 ui-monospace,monospace;overflow-wrap:anywhere}
.lk-modal .lk-mfa-summary{padding:10px 14px;border:1px solid var(--lk-border);border-radius:var(--lk-radius);font-size:13px;text-align:left;overflow-wrap:anywhere}
.lk-modal .lk-qr{display:block;margin:0 auto}
`;
