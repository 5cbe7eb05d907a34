/**
 * Reads the Dockerfile into its stages and instructions, and checks it: the image test runs the
 * build stage's RUN steps and the runtime stage's ENTRYPOINT and CMD from what this reads, and lints
 * the file with `checkDockerfile` (and hadolint too when the machine has it; Debian does not package it).
 */

export interface Instruction {
  /** Upper case: FROM, RUN, COPY, ... */
  keyword: string;
  /** Everything after the keyword, continuation lines joined with a space. */
  args: string;
  /** 1-based line the instruction starts on. */
  line: number;
}

export interface Stage {
  /** The FROM image reference (`node:24.21.0-bookworm-slim`). */
  image: string;
  /** `AS name`, if any. */
  name: string | null;
  instructions: Instruction[];
}

/** Parses a Dockerfile: comments dropped, `\` continuations joined, instructions grouped by FROM. */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let logical = lines[i]!.trim();
    if (logical === '' || logical.startsWith('#')) continue;
    while (logical.endsWith('\\') && i + 1 < lines.length) {
      logical = logical.slice(0, -1).trimEnd();
      i++;
      const next = lines[i]!.trim();
      if (next.startsWith('#')) continue; // comment lines inside a continuation are dropped
      logical = `${logical} ${next}`;
    }
    const match = /^(\S+)\s*(.*)$/.exec(logical)!;
    const instruction = { keyword: match[1]!.toUpperCase(), args: match[2]!.trim(), line: start + 1 };
    if (instruction.keyword === 'FROM') {
      const from = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (!from) throw new Error(`Dockerfile line ${instruction.line}: cannot read FROM ${instruction.args}`);
      stages.push({ image: from[1]!, name: from[2] ?? null, instructions: [] });
    } else {
      const stage = stages.at(-1);
      if (!stage && instruction.keyword !== 'ARG')
        throw new Error(`Dockerfile line ${instruction.line}: ${instruction.keyword} before FROM`);
      stage?.instructions.push(instruction);
    }
  }
  return stages;
}

/** The arguments of an exec-form (JSON array) instruction, or null in shell form. */
export function execForm(args: string): string[] | null {
  if (!args.startsWith('[')) return null;
  const parsed = JSON.parse(args) as unknown;
  if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === 'string'))
    throw new Error(`Not an exec-form array: ${args}`);
  return parsed;
}

/** HEALTHCHECK's command in exec form (`CMD [...]` after the options), or null. */
export function healthcheckCommand(args: string): string[] | null {
  const match = /^(?:--\S+\s+)*CMD\s+(.*)$/.exec(args);
  return match ? execForm(match[1]!) : null;
}

/** Names that hold secrets: such a value baked into an image layer is readable by anyone with the image. */
const secretName = /(KEY|SECRET|PASSWORD|PASSWD|TOKEN|PIN|CREDENTIAL)S?\b|_URL$/i;

/**
 * The repo's own Dockerfile lint (the image test runs it; hadolint adds its rules where installed).
 * Returns the problems found, empty when the file passes:
 * - every FROM is pinned to an exact version (`name:1.2.3…` or a digest), never `latest` or a bare major;
 * - the last stage (the runtime) sets a non-root USER before its ENTRYPOINT, has a HEALTHCHECK in exec
 *   form, EXPOSEs the server's port and a VOLUME for the data dir;
 * - ENTRYPOINT and CMD are in exec form, so the server is PID 1 and gets `docker stop`'s SIGTERM;
 * - dependencies are installed from the lockfile (`npm ci`), never `npm install` in a RUN;
 * - no ENV or ARG gives a secret-like name (keys, tokens, PINs, URLs with credentials) a value;
 * - no ADD (COPY says what it does, and ADD fetches URLs and unpacks archives);
 * - the runtime stage copies only from the build stage, not the build context.
 */
export function checkDockerfile(text: string, options: { port: number; volume: string }): string[] {
  const problems: string[] = [];
  const stages = parseDockerfile(text);
  if (stages.length < 2) problems.push('not multi-stage: the runtime stage must not hold the build tools');
  for (const stage of stages) {
    if (
      !/^[^:@\s]+(:\d+\.\d+\.\d+[^\s@]*)?(@sha256:[0-9a-f]{64})?$/.test(stage.image) ||
      !/(:\d+\.\d+\.\d+|@sha256:)/.test(stage.image)
    )
      problems.push(`FROM ${stage.image}: pin an exact version (name:1.2.3-variant) or a digest`);
    for (const { keyword, args, line } of stage.instructions) {
      const at = `line ${line}`;
      if (keyword === 'ADD') problems.push(`${at}: ADD; use COPY`);
      if (keyword === 'RUN' && /\bnpm\s+(install|i|add)\b/.test(args))
        problems.push(`${at}: npm install in a RUN; install from the lockfile with npm ci`);
      if (keyword === 'RUN' && /\bsudo\b/.test(args)) problems.push(`${at}: sudo in a RUN`);
      if (keyword === 'ENV' || keyword === 'ARG') {
        for (const [, name, value] of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)(?:=("[^"]*"|\S*))?/g))
          if (secretName.test(name!) && value)
            problems.push(`${at}: ${keyword} ${name} bakes a secret into the image`);
      }
    }
  }
  const runtime = stages.at(-1);
  if (!runtime) return [...problems, 'no FROM'];
  const find = (keyword: string) => runtime.instructions.filter((i) => i.keyword === keyword);
  const users = find('USER');
  const entrypoint = find('ENTRYPOINT').at(-1);
  const lastUser = users.at(-1);
  if (!lastUser) problems.push('runtime stage: no USER; the server would run as root');
  else if (/^(root|0)(:|$)/.test(lastUser.args))
    problems.push(`line ${lastUser.line}: USER ${lastUser.args} is root`);
  else if (entrypoint && lastUser.line > entrypoint.line)
    problems.push('runtime stage: USER comes after ENTRYPOINT');
  const healthchecks = find('HEALTHCHECK');
  if (healthchecks.length === 0) problems.push('runtime stage: no HEALTHCHECK');
  for (const h of healthchecks)
    if (!healthcheckCommand(h.args)) problems.push(`line ${h.line}: HEALTHCHECK must be CMD in exec form`);
  if (!entrypoint) problems.push('runtime stage: no ENTRYPOINT');
  for (const i of [...find('ENTRYPOINT'), ...find('CMD')])
    if (!execForm(i.args)) problems.push(`line ${i.line}: ${i.keyword} must be in exec form (a JSON array)`);
  if (!find('EXPOSE').some((i) => i.args.split(/\s+/).includes(String(options.port))))
    problems.push(`runtime stage: EXPOSE ${options.port} missing`);
  if (!find('VOLUME').some((i) => (execForm(i.args) ?? i.args.split(/\s+/)).includes(options.volume)))
    problems.push(`runtime stage: VOLUME ${options.volume} missing`);
  for (const copy of find('COPY'))
    if (!/--from=\S+/.test(copy.args))
      problems.push(`line ${copy.line}: the runtime stage copies from the build context`);
  return problems;
}

/**
 * What .dockerignore must keep out of the build context (`COPY . .`): installed and built output (the
 * build stage makes its own from the lockfile) and local data, keys and env files, which would
 * otherwise sit in the build stage's layers.
 */
export const requiredDockerignore = [
  '**/node_modules',
  '**/dist',
  '.git',
  '.latchkey',
  '.latchkey.keys',
  '**/*.key',
  '**/.env',
];

/** The required .dockerignore entries missing from `text`. */
export function checkDockerignore(text: string): string[] {
  const lines = new Set(text.split('\n').map((l) => l.trim()));
  return requiredDockerignore
    .filter((entry) => !lines.has(entry))
    .map((entry) => `.dockerignore: ${entry} missing`);
}
