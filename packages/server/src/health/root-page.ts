/**
 * What `GET /` shows a browser: that the server runs, and the way to its dashboard and API reference.
 * Static but for the dashboard's address (the server's own public URL, no request input).
 */
export function rootPage(dashboard: string): string {
  const href = dashboard.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Latchkey</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1rem;color:#111827}
a{color:#4f46e5}code{background:#f3f4f6;padding:0 .25em;border-radius:4px}</style></head>
<body><h1>Latchkey is running</h1>
<p><a href="${href}">Open the dashboard</a> to manage your apps, users and webhooks
(log in with the admin key, or the one-time link <code>latchkey dev</code> prints).</p>
<p><a href="${href}/#/api">API reference</a> · <a href="/health">Health</a></p>
</body></html>
`;
}
