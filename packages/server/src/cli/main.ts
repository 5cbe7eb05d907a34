import { appsCommand } from './apps-command.ts';
import { devCommand } from './dev-command.ts';
import { serveCommand } from './serve-command.ts';
import { webhooksCommand } from './webhooks-command.ts';

const usage = `latchkey — self-hostable login and embedded wallets

Usage:
  latchkey serve [--port 8787] [--host 127.0.0.1] [--data-dir ./.latchkey]
  latchkey dev   [--port 8787] [--host 127.0.0.1] [--data-dir ./.latchkey]
  latchkey apps create --name NAME [--allowed-domain ORIGIN ...] [--json] [--data-dir DIR]
  latchkey apps update ID --set field=value [--set ...] [--json] [--data-dir DIR]
  latchkey apps oauth ID PROVIDER --client-id ID [--client-secret-file FILE] [--scopes 'a b']
        [--team-id T --key-id K --private-key-file KEY.p8] [--issuer URL --display-name NAME] [--json]
  latchkey apps list [--json] [--data-dir DIR]
  latchkey webhooks create APP_ID --url URL [--event user.created ...] [--disabled] [--json]
  latchkey webhooks list APP_ID [--json]
  latchkey webhooks delete APP_ID WEBHOOK_ID
  latchkey webhooks deliveries APP_ID WEBHOOK_ID [--status pending|delivered|failed] [--limit N] [--json]
  latchkey webhooks resend APP_ID WEBHOOK_ID DELIVERY_ID

Storage is the embedded SQLite file in --data-dir, or PostgreSQL when DATABASE_URL is set.
serve needs LATCHKEY_PUBLIC_URL (the origin browsers reach it at); dev takes its listening address.
Settings: LATCHKEY_ISSUER, LATCHKEY_ACCESS_TOKEN_TTL, LATCHKEY_SESSION_TTL, LATCHKEY_DEVICE_ENROLLMENT_WINDOW,
LATCHKEY_TRUST_PROXY, LATCHKEY_ADMIN_KEY, LATCHKEY_MASTER_KEY, SMTP_URL + EMAIL_FROM,
TWILIO_ACCOUNT_SID + TWILIO_AUTH_TOKEN + TWILIO_FROM (+ TWILIO_API_URL), REDIS_URL, LATCHKEY_OAUTH_ENDPOINTS.
Webhooks: LATCHKEY_WEBHOOK_ALLOW_PRIVATE (deliver to private/loopback addresses), LATCHKEY_WEBHOOK_ALLOW_HTTP,
LATCHKEY_WEBHOOK_TIMEOUT_MS, LATCHKEY_WEBHOOK_LEASE_SECONDS, LATCHKEY_WEBHOOK_CONCURRENCY, LATCHKEY_WEBHOOK_RETENTION_DAYS.
OAuth providers send users back to {LATCHKEY_PUBLIC_URL}/api/v1/oauth/callback. See docs/security.md.

Key store (seals wallet recovery material and token signing keys away from the database and the master key):
  LATCHKEY_KEY_STORE=pkcs11 with LATCHKEY_PKCS11_MODULE (the library's .so), LATCHKEY_PKCS11_TOKEN_LABEL
    or LATCHKEY_PKCS11_SLOT, LATCHKEY_PKCS11_PIN, LATCHKEY_PKCS11_KEY_LABEL (default latchkey-recovery)
  LATCHKEY_KEY_STORE=file:PATH, a key file outside --data-dir
Required by serve and apps; dev defaults to the key file <data-dir>.keys/recovery.key.`;

/** Runs the CLI; resolves with the process exit code (servers resolve when they stop). */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        return await serveCommand(rest);
      case 'dev':
        return await devCommand(rest);
      case 'apps':
        return await appsCommand(rest);
      case 'webhooks':
        return await webhooksCommand(rest);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        console.log(usage);
        return 0;
      default:
        console.error(`Unknown command "${command}".\n\n${usage}`);
        return 2;
    }
  } catch (error) {
    // Print the chain of causes: "Migration 0001 failed" alone hides what the database said.
    let message = `latchkey: ${(error as Error).message}`;
    for (let cause = (error as Error).cause; cause instanceof Error; cause = cause.cause)
      message += `\n  caused by: ${cause.message}`;
    console.error(message);
    return 1;
  }
}
