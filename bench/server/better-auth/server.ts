/**
 * Better Auth 1.7.25 as the bench's comparison target, run as its own process by `better-auth/process.ts`.
 * Its documented setup: `betterAuth({ database, plugins: [emailOTP({ sendVerificationOTP })] })` mounted
 * with `toNodeHandler` on a plain `node:http` server, the schema made by its own migrator
 * (`getMigrations`, what `auth migrate` runs).
 *
 * - SQLite: `new DatabaseSync(file)` from `node:sqlite` (the driver its SQLite page lists beside
 *   better-sqlite3, and the one Latchkey uses), with `journal_mode = WAL`; `synchronous` is left at
 *   SQLite's default (FULL) unless `BA_SQLITE_SYNCHRONOUS` says otherwise.
 * - PostgreSQL: `new Pool({ connectionString })` from `pg` (10 connections, pg's default and Latchkey's).
 *
 * Bench-only: rate limits and telemetry are off (Latchkey runs with `LATCHKEY_RATE_LIMITS=off` too), and
 * `GET /bench/otp?email=` hands the bench the code `sendVerificationOTP` was given, in place of a mailbox.
 * It binds 127.0.0.1 only and prints `Better Auth listening on <url>` once it accepts requests.
 *
 * Environment: `BA_DATABASE_URL` (PostgreSQL, pinned to a schema) or `BA_SQLITE_FILE`.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DatabaseSync } from 'node:sqlite';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { toNodeHandler } from 'better-auth/node';
import { emailOTP } from 'better-auth/plugins';
import pg from 'pg';

const databaseUrl = process.env.BA_DATABASE_URL;
const sqliteFile = process.env.BA_SQLITE_FILE;
if (!databaseUrl === !sqliteFile) throw new Error('set exactly one of BA_DATABASE_URL and BA_SQLITE_FILE');

function openSqlite(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  const synchronous = process.env.BA_SQLITE_SYNCHRONOUS;
  if (synchronous) {
    if (!/^(full|normal)$/i.test(synchronous))
      throw new Error('BA_SQLITE_SYNCHRONOUS must be full or normal');
    db.exec(`PRAGMA synchronous = ${synchronous}`);
  }
  return db;
}
const database = databaseUrl ? new pg.Pool({ connectionString: databaseUrl }) : openSqlite(sqliteFile!);

/** Codes handed to `sendVerificationOTP`, by email, until the bench reads them once. */
const outbox = new Map<string, string>();

// The base URL has to be known before listening; port 0 is resolved first with a throwaway listen.
const port = await new Promise<number>((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as AddressInfo;
    probe.close(() => done(port));
  });
});
const baseURL = `http://127.0.0.1:${port}`;

const options = {
  database,
  baseURL,
  secret: randomBytes(32).toString('base64'),
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
  plugins: [
    emailOTP({
      async sendVerificationOTP({ email, otp }) {
        outbox.set(email, otp);
      },
    }),
  ],
};
const auth = betterAuth(options);
const { runMigrations } = await getMigrations(auth.options);
await runMigrations();

const handler = toNodeHandler(auth);
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', baseURL);
  if (req.method === 'GET' && url.pathname === '/bench/otp') {
    const email = url.searchParams.get('email') ?? '';
    const otp = outbox.get(email);
    outbox.delete(email);
    res.writeHead(otp ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(otp ? { otp } : { error: 'no code for this email' }));
    return;
  }
  void handler(req, res);
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => console.log(`Better Auth listening on ${baseURL}`));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.closeAllConnections();
    server.close(async () => {
      if (database instanceof pg.Pool) await database.end();
      else database.close();
      process.exit(0);
    });
  });
}
