import type { z } from 'zod';
import {
  appConfigPatch,
  appPatch,
  fullAppPatch,
  mergePatch,
  parseSetArgument,
  serverSettingsPatch,
} from '../app-config/config-schema.ts';
import { CliError } from './command.ts';

/** The flags `apps create` and `apps update` share: one validator for both (the admin API's). */
export const appFlagOptions = {
  name: { type: 'string' },
  'allowed-domain': { type: 'string', multiple: true, default: [] as string[] },
  set: { type: 'string', multiple: true, default: [] as string[] },
} as const;

export const appFlagsHelp = [
  '  --name NAME                 the app name shown in the login modal (1-100 characters)',
  '  --allowed-domain ORIGIN     an origin the app runs on, such as https://app.example.com or',
  '                              https://*.example.com (repeat for several; replaces the list)',
  '  --set field=value           any app-config field or server setting (repeat); values are JSON',
  '                              when they parse (true, 3, ["sms"], null), else text; a dotted field',
  '                              sets a nested value (allowlist_config.cta_text=Join).',
  '                              latchkey apps fields lists the fields.',
].join('\n');

const fieldNames = Object.keys(appPatch.shape);

/** Fields whose values are secrets: never echoed in an error. */
const secretPath = (path: PropertyKey[]) =>
  path.some((p) => typeof p === 'string' && /secret|private_key|verification_key/.test(p));

/**
 * The app patch the flags describe, validated with the server's app-config schema before any
 * storage is opened: `--name`, `--allowed-domain` and each `--set` field meet the same check in
 * create and update, and the same as a PATCH on the admin API.
 */
export function appPatchFromFlags(values: {
  name?: string | undefined;
  'allowed-domain': string[];
  set: string[];
}): Record<string, unknown> {
  let patch: Record<string, unknown> = {};
  for (const argument of values.set) {
    let part: Record<string, unknown>;
    try {
      part = parseSetArgument(argument);
    } catch {
      throw new CliError(`--set "${argument}": expected field=value, such as --set sms_auth=true`, 2);
    }
    // A value that reads as JSON (123456, true) where the field wants text stays text:
    // `--set test_otp_code=123456` means the string.
    const eq = argument.indexOf('=');
    const asText = parseSetArgument(`${argument.slice(0, eq)}=${JSON.stringify(argument.slice(eq + 1))}`);
    const json = appPatch.safeParse(part);
    if (!json.success) {
      const issue = json.error.issues[0];
      const wantsText = issue?.code === 'invalid_type' && issue.expected === 'string';
      if (wantsText || appPatch.safeParse(asText).success) part = asText;
    }
    const field = Object.keys(part)[0]!;
    if (!fieldNames.includes(field)) {
      const near = closest(field, fieldNames);
      throw new CliError(
        `unknown field "${field}" in --set ${argument}${near ? ` (did you mean ${near}?)` : ''}; ` +
          'latchkey apps fields lists them',
      );
    }
    patch = mergePatch(patch, part);
  }
  if (values.name !== undefined) patch.name = values.name;
  if (values['allowed-domain'].length > 0) patch.allowed_domains = values['allowed-domain'];
  assertValidPatch(patch);
  return patch;
}

/** Refuses an invalid patch with the field, the value (unless secret) and what is wrong. */
export function assertValidPatch(patch: Record<string, unknown>): void {
  const parsed = fullAppPatch().safeParse(patch);
  if (parsed.success) return;
  const issue = parsed.error.issues[0]!;
  const value = issue.path.reduce<unknown>(
    (at, key) => (at && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined),
    patch,
  );
  const shown =
    !secretPath(issue.path) && (typeof value === 'string' || typeof value === 'number')
      ? ` ("${value}")`
      : '';
  throw new CliError(`Invalid ${issue.path.join('.') || 'patch'}${shown}: ${issue.message}`);
}

/** The known field nearest to a typo, by edit distance (at most a third of its length). */
function closest(word: string, candidates: string[]): string | null {
  let best: string | null = null;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of candidates) {
    const d = distance(word, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = row;
  }
  return previous[b.length]!;
}

/** Each settable field with its type, for `latchkey apps fields`. */
export function fieldList(): { field: string; type: string; scope: 'config' | 'setting' }[] {
  const describe = (schema: z.ZodType): string => {
    const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
    switch (def.type) {
      case 'optional':
        return describe(def.innerType as z.ZodType);
      case 'nullable':
        return `${describe(def.innerType as z.ZodType)} | null`;
      case 'enum':
        return Object.values(def.entries as Record<string, string>).join(' | ');
      case 'array':
        return `[${describe(def.element as z.ZodType)}]`;
      case 'object':
        return `{${Object.keys(def.shape as object).join(', ')}}`;
      case 'pipe':
        return describe(def.in as z.ZodType);
      default:
        return def.type;
    }
  };
  return [
    ...Object.entries(appConfigPatch.shape).map(([field, schema]) => ({
      field,
      type: describe(schema as z.ZodType),
      scope: 'config' as const,
    })),
    ...Object.entries(serverSettingsPatch.shape).map(([field, schema]) => ({
      field,
      type: describe(schema as z.ZodType),
      scope: 'setting' as const,
    })),
  ];
}
