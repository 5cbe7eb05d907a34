import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createApp, updateApp } from '../apps/app-service.ts';
import { defineCommand } from './command.ts';
import { devAppFile } from './dev-data-dir.ts';
import { serverOptions, serverOptionsHelp, startServer } from './serve-command.ts';

/** Origins of the development app: the demo app's dev server and the server itself. */
const devOrigins = [
  'http://localhost:5173',
  'http://127.0.0.1:5173',
  'http://localhost:8787',
  'http://127.0.0.1:8787',
];

/**
 * `npm start`: the server plus a development app created on first start. Its id and secret are
 * kept in the data dir (dev-app.json, owner-only) so the demo and the dev outbox can use them.
 */
export const devCommand = defineCommand({
  name: 'dev',
  synopsis: '[--port 8787] [--host 127.0.0.1] [--origin URL]...',
  summary:
    'Runs the server in development mode (codes to the dev outbox, public URL = listening address)\n' +
    'with a development app created on first start (its credentials in <data-dir>/dev-app.json).',
  details: `${serverOptionsHelp}\n  --origin URL    one more allowed origin of the development app (repeatable; npm start passes\n                  the demo's origin when it runs on another port)`,
  options: { ...serverOptions, origin: { type: 'string', multiple: true, default: [] } },
  run: (values) => {
    const file = devAppFile(values['data-dir']);
    return startServer(values, { development: true }, async (latchkey, url, say) => {
      let dev: { id: string; secret: string } | null = existsSync(file)
        ? JSON.parse(readFileSync(file, 'utf8'))
        : null;
      if (dev && !(await latchkey.ctx.apps.load(dev.id))) dev = null;
      if (!dev) {
        const { app, secret } = await createApp(latchkey.ctx, {
          name: 'Latchkey development app',
          allowedDomains: devOrigins,
          // Passkeys work on http://localhost:5173 (WebAuthn takes no IP address as relying party).
          // Every MFA factor can be enrolled, so the demo's MFA panel has something to show; wallet
          // login is on for the demo's built-in test wallet; a login gives users without wallets an
          // Ethereum and a Solana embedded wallet (the demo's 'At login' card says so).
          patch: {
            sms_auth: true,
            guest_auth: true,
            wallet_auth: true,
            solana_wallet_auth: true,
            test_credentials_enabled: true,
            passkey_auth: true,
            passkeys_for_signup_enabled: true,
            mfa_methods: ['sms', 'totp', 'passkey'],
            embedded_wallet_config: {
              ethereum: { create_on_login: 'users-without-wallets' },
              solana: { create_on_login: 'users-without-wallets' },
            },
          },
        });
        dev = { id: app.id, secret };
        writeFileSync(file, `${JSON.stringify(dev, null, 2)}\n`, { mode: 0o600 });
        say(`Created the development app (credentials saved in ${file}).`, {
          created: dev.id,
          credentials_file: file,
        });
      }
      // Origins asked for on this start (a demo on another port) join the app's allowed domains.
      const app = (await latchkey.ctx.apps.load(dev.id))!;
      const allowed = app.config.allowed_domains;
      const extra = values.origin.map((origin) => new URL(origin).origin).filter((o) => !allowed.includes(o));
      if (extra.length > 0)
        await updateApp(latchkey.ctx, dev.id, { allowed_domains: [...allowed, ...extra] });
      say(
        [
          `Development app id: ${dev.id}`,
          `App config:  ${url}/api/v1/apps/${dev.id}`,
          `Dev outbox:  curl -u ${dev.id}:<secret from ${file}> -H 'privy-app-id: ${dev.id}' ${url}/api/v1/apps/${dev.id}/dev_outbox`,
        ].join('\n'),
        { development_app: dev.id, credentials_file: file },
      );
    });
  },
});
