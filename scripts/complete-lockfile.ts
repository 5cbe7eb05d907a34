/**
 * Completes package-lock.json with entries for platform-specific optional dependencies that the
 * package registry reachable here does not serve (it mirrors only linux glibc builds). Without
 * them `npm ci` refuses the lockfile as out of sync. Each stub carries the `os` / `cpu` / `libc`
 * its name declares, so npm skips it on every other platform without fetching it.
 *
 * Run after any `npm install` that changes the lockfile: `node scripts/complete-lockfile.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';

interface LockEntry {
  version?: string;
  optional?: boolean;
  dev?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, LockEntry> };

const oses = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'netbsd',
  'openbsd',
  'openharmony',
  'sunos',
  'win32',
  'aix',
  'wasi',
];
const cpus = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> {
  const parts = name.toLowerCase().split(/[-/@]/);
  const os = oses.find((o) => parts.includes(o) || (o === 'win32' && parts.includes('windows')));
  const cpu = cpus.find((c) => parts.includes(c) || (c === 'arm' && parts.includes('armv7')));
  const platform: Pick<LockEntry, 'os' | 'cpu' | 'libc'> = {};
  // An unrecognised name gets an impossible os: skipped everywhere rather than fetched and failing.
  platform.os = [os === 'wasi' ? 'wasi' : (os ?? 'unsupported')];
  if (cpu) platform.cpu = [cpu];
  if (parts.includes('musl')) platform.libc = ['musl'];
  if (os === 'linux' && parts.includes('gnu')) platform.libc = ['glibc'];
  return platform;
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path === '' ? '' : `${path}/`;
    const nested = `${base}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (lock.packages[nested] || lock.packages[hoisted]) continue;
    lock.packages[hoisted] = {
      version: version.replace(/^[\^~=]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platformOf(dep),
    };
    added++;
  }
}

const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform stub(s)`);
