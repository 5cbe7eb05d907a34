/**
 * The repo's Dockerfile check (scripts/image/dockerfile.ts) passes the repo's Dockerfile and catches
 * each thing it is there to catch, on the Dockerfile with one line changed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkDockerfile, checkDockerignore, healthcheckCommand, parseDockerfile } from './dockerfile.ts';

const dockerfile = readFileSync(join(import.meta.dirname, '../../Dockerfile'), 'utf8');
const check = (text: string) => checkDockerfile(text, { port: 8787, volume: '/var/lib/latchkey' });

/** The Dockerfile with `from` replaced (it must occur). */
function edited(from: string | RegExp, to: string): string {
  const text = dockerfile.replace(from, to);
  expect(text, `${from} not found`).not.toBe(dockerfile);
  return text;
}

describe('the Dockerfile check', () => {
  test('passes the repo Dockerfile', () => {
    expect(check(dockerfile)).toEqual([]);
  });

  test('reads stages, continuations and the exec-form health check', () => {
    const stages = parseDockerfile(dockerfile);
    expect(stages.map((s) => s.name)).toEqual(['build', null]);
    const run = stages[1]!.instructions.find((i) => i.keyword === 'RUN')!;
    expect(run.args).toMatch(/^mkdir -p .* && chown .* && chmod 700 /);
    const health = stages[1]!.instructions.find((i) => i.keyword === 'HEALTHCHECK')!;
    expect(healthcheckCommand(health.args)?.slice(0, 2)).toEqual(['node', '-e']);
  });

  test.each([
    [
      'an unpinned base',
      /node:24\.21\.0-bookworm-slim/,
      'node:24-bookworm-slim',
      /FROM node:24-bookworm-slim: pin/,
    ],
    ['latest', /node:24\.21\.0-bookworm AS build/, 'node:latest AS build', /FROM node:latest: pin/],
    ['running as root', /USER node/, 'USER root', /USER root is root/],
    ['no USER', /USER node\n/, '', /no USER/],
    ['no HEALTHCHECK', /HEALTHCHECK[^\n]*\\\n[^\n]*\n/, '', /no HEALTHCHECK/],
    ['a shell-form HEALTHCHECK', /CMD \["node", "-e", [^\n]*\]/, 'CMD node -e 1', /exec form/],
    [
      'a shell-form ENTRYPOINT',
      /ENTRYPOINT \[[^\n]*\]/,
      'ENTRYPOINT node /app/x.js',
      /ENTRYPOINT must be in exec form/,
    ],
    ['npm install', /RUN npm ci/, 'RUN npm install', /npm install in a RUN/],
    [
      'a secret in ENV',
      /ENV NODE_ENV=production/,
      'ENV LATCHKEY_MASTER_KEY=abc',
      /LATCHKEY_MASTER_KEY bakes a secret/,
    ],
    [
      'a database URL in ARG',
      /ENV NODE_ENV=production/,
      'ARG DATABASE_URL=postgres://u:p@h/db',
      /DATABASE_URL bakes/,
    ],
    ['ADD', /COPY \. \./, 'ADD . .', /ADD; use COPY/],
    ['no EXPOSE', /EXPOSE 8787\n/, '', /EXPOSE 8787 missing/],
    ['no data volume', /VOLUME \[[^\n]*\]\n/, '', /VOLUME \/var\/lib\/latchkey missing/],
    [
      'the runtime copying the build context',
      /COPY --from=build \/app \/app/,
      'COPY . /app',
      /copies from the build context/,
    ],
  ])('catches %s', (_name, from, to, problem) => {
    expect(check(edited(from, to)).join('\n')).toMatch(problem);
  });

  test('catches a single-stage file', () => {
    const single = dockerfile.slice(dockerfile.indexOf('FROM node:24.21.0-bookworm-slim'));
    expect(check(single).join('\n')).toMatch(/not multi-stage/);
  });

  test('an ENV without a secret-like name, or a secret name without a value, passes', () => {
    expect(check(edited(/ENV NODE_ENV=production/, 'ENV NODE_ENV=production LATCHKEY_DATA=/x'))).toEqual([]);
    expect(
      check(edited(/ENV NODE_ENV=production/, 'ENV NODE_ENV=production\nARG LATCHKEY_ADMIN_KEY')),
    ).toEqual([]);
  });

  test('.dockerignore keeps dependencies, build output, data, keys and env files out of the context', () => {
    const ignore = readFileSync(join(import.meta.dirname, '../../.dockerignore'), 'utf8');
    expect(checkDockerignore(ignore)).toEqual([]);
    expect(checkDockerignore(ignore.replace('**/*.key\n', ''))).toEqual(['.dockerignore: **/*.key missing']);
  });
});
