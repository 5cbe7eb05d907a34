/**
 * hadolint, the Dockerfile linter, when this machine can have it: on the PATH, or installed from the
 * distribution's packages as root (as the e2e setup installs Debian's Chromium). Debian 12 does not
 * package it, so there the image test relies on scripts/image/dockerfile.ts's own check alone.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function onPath(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v hadolint'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** The hadolint binary, installing the distribution's package when there is one; null when none. */
export function ensureHadolint(): string | null {
  const found = onPath();
  if (found) return found;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return null;
  let policy = '';
  try {
    policy = execFileSync('apt-cache', ['policy', 'hadolint'], { encoding: 'utf8' });
  } catch {
    return null;
  }
  const candidate = /Candidate:\s*(\S+)/.exec(policy)?.[1];
  if (!candidate || candidate === '(none)') return null;
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'hadolint'], { stdio: 'ignore' });
  return onPath();
}

/** hadolint's findings on `file` (empty when it passes). */
export function runHadolint(binary: string, file: string): string {
  try {
    execFileSync(binary, ['--no-color', file], { encoding: 'utf8' });
    return '';
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return `${stdout}${stderr}`.trim() || String(error);
  }
}
