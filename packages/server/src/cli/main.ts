import { CliError, type Command } from './command.ts';
import { packageVersion } from './version.ts';

/**
 * Each command's module, imported only when that command runs: `latchkey --help`, `--version` or a
 * mistyped command load none of the server, and a command loads only what it uses.
 */
const commands: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./serve-command.ts')).serveCommand,
  dev: async () => (await import('./dev-command.ts')).devCommand,
  apps: async () => (await import('./apps-command.ts')).appsCommand,
  allowlist: async () => (await import('./allowlist-command.ts')).allowlistCommand,
  users: async () => (await import('./users-command.ts')).usersCommand,
  'test-credentials': async () => (await import('./test-credentials-command.ts')).testCredentialsCommand,
  webhooks: async () => (await import('./webhooks-command.ts')).webhooksCommand,
  'admin-key': async () => (await import('./admin-key-command.ts')).adminKeyCommand,
};

const usage = `latchkey — self-hostable login and embedded wallets

Usage:
  latchkey serve [--port 8787] [--host 127.0.0.1] [--workers N|auto] [--data-dir ./.latchkey] [--json]
  latchkey dev   [--port 8787] [--host 127.0.0.1] [--data-dir ./.latchkey] [--json]
  latchkey apps create --name NAME [--allowed-domain ORIGIN ...] [--set field=value ...]
  latchkey apps update APP_ID [--name NAME] [--allowed-domain ORIGIN ...] [--set field=value ...]
  latchkey apps show APP_ID
  latchkey apps list
  latchkey apps fields
  latchkey apps oauth APP_ID PROVIDER --client-id ID [--client-secret-file FILE] [--scopes 'a b']
        [--team-id T --key-id K --private-key-file KEY.p8] [--issuer URL --display-name NAME]
  latchkey allowlist list APP_ID
  latchkey allowlist add|remove APP_ID [--email ADDRESS|@DOMAIN ...] [--phone NUMBER ...] [--wallet ADDRESS ...]
  latchkey users find APP_ID (--email ADDRESS | --phone NUMBER | --wallet ADDRESS | --id USER_ID)
  latchkey users delete APP_ID USER_ID
  latchkey test-credentials APP_ID [--enable [--email E] [--phone P] [--code 123456] | --disable]
  latchkey webhooks create APP_ID --url URL [--event TYPE ...] [--disable]
  latchkey webhooks update APP_ID WEBHOOK_ID [--url URL] [--event TYPE ... | --all-events] [--enable | --disable]
  latchkey webhooks list APP_ID
  latchkey webhooks delete|rotate-secret APP_ID WEBHOOK_ID
  latchkey webhooks deliveries APP_ID WEBHOOK_ID [--status pending|delivered|failed] [--limit N]
  latchkey webhooks resend APP_ID WEBHOOK_ID DELIVERY_ID
  latchkey admin-key --rotate
  latchkey --version

Every command takes --help (its options; nothing else happens), --json (one JSON value for scripts
instead of the human text) and --data-dir DIR (./.latchkey). Only serve and dev create the data dir;
the other commands refuse a missing one. Exit codes: 0 done, 1 failed (message on stderr), 2 usage.

Storage is the embedded SQLite file in --data-dir, or PostgreSQL when DATABASE_URL is set.
serve needs LATCHKEY_PUBLIC_URL (the origin browsers reach it at); dev takes its listening address.
Settings: LATCHKEY_ISSUER, LATCHKEY_ACCESS_TOKEN_TTL, LATCHKEY_SESSION_TTL, LATCHKEY_DEVICE_ENROLLMENT_WINDOW,
LATCHKEY_TRUST_PROXY, LATCHKEY_ADMIN_KEY, LATCHKEY_MASTER_KEY, LATCHKEY_WORKERS, SMTP_URL + EMAIL_FROM,
TWILIO_ACCOUNT_SID + TWILIO_AUTH_TOKEN + TWILIO_FROM (+ TWILIO_API_URL), REDIS_URL, LATCHKEY_OAUTH_ENDPOINTS.
Webhooks: LATCHKEY_WEBHOOK_ALLOW_PRIVATE (deliver to private/loopback addresses), LATCHKEY_WEBHOOK_ALLOW_HTTP,
LATCHKEY_WEBHOOK_TIMEOUT_MS, LATCHKEY_WEBHOOK_LEASE_SECONDS, LATCHKEY_WEBHOOK_CONCURRENCY, LATCHKEY_WEBHOOK_RETENTION_DAYS.
OAuth providers send users back to {LATCHKEY_PUBLIC_URL}/api/v1/oauth/callback. See docs/security.md.

Key store (seals wallet recovery material and token signing keys away from the database and the master key):
  LATCHKEY_KEY_STORE=pkcs11 with LATCHKEY_PKCS11_MODULE (the library's .so), LATCHKEY_PKCS11_TOKEN_LABEL
    or LATCHKEY_PKCS11_SLOT, LATCHKEY_PKCS11_PIN, LATCHKEY_PKCS11_KEY_LABEL (default latchkey-recovery)
  LATCHKEY_KEY_STORE=file:PATH, a key file outside --data-dir
Required by serve and the storage commands; dev defaults to the key file <data-dir>.keys/recovery.key.`;

/** Runs the CLI; resolves with the process exit code (servers resolve when they stop). */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  try {
    switch (name) {
      case undefined:
      case '--help':
      case '-h':
        console.log(usage);
        return 0;
      case '--version':
      case '-v':
      case 'version':
        console.log(packageVersion());
        return 0;
      case 'help': {
        // `latchkey help apps create` is `latchkey apps create --help`.
        if (rest.length === 0) {
          console.log(usage);
          return 0;
        }
        return await run(rest[0]!, [...rest.slice(1), '--help']);
      }
      default:
        return await run(name, rest);
    }
  } catch (error) {
    return report(error);
  }
}

async function run(name: string, argv: string[]): Promise<number> {
  const load = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!load) throw new CliError(`unknown command "${name}" (latchkey --help lists the commands)`, 2);
  return (await load()).main(argv);
}

/** One message on stderr, never a stack: the chain of causes, since "Migration 0001 failed" alone hides what the database said. */
function report(error: unknown): number {
  if (!(error instanceof Error)) {
    console.error(`latchkey: ${String(error)}`);
    return 1;
  }
  let message = `latchkey: ${error.message}`;
  for (let cause = error.cause; cause instanceof Error; cause = cause.cause)
    message += `\n  caused by: ${cause.message}`;
  console.error(message);
  return error instanceof CliError ? error.exitCode : 1;
}
