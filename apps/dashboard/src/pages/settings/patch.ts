import type { AdminApp } from '../../api.ts';
import type { Draft } from '../../form.tsx';

/** The draft the form edits: the PATCH body's shape, public fields and server settings side by side. */
export function draftOf(app: AdminApp): Draft {
  const { id: _id, settings, secret_settings: _s, created_at: _c, updated_at: _u, ...config } = app;
  return { ...config, ...settings };
}

const secretFields = new Set(['client_secret', 'private_key']);

/**
 * What changed, as a PATCH body: changed fields only. A secret shown as 'set' is left alone unless
 * a new value was typed; an OAuth provider's entry carries only the fields that changed.
 */
export function buildPatch(original: Draft, draft: Draft, featureSecrets: readonly string[] = []): Draft {
  const patch: Draft = {};
  const secrets = new Set(['captcha_secret_key', ...featureSecrets]);
  for (const [key, value] of Object.entries(draft)) {
    if (key === 'oauth_credentials' || secrets.has(key)) continue;
    if (JSON.stringify(value) !== JSON.stringify(original[key])) patch[key] = value;
  }
  // A secret is sent only when typed (a new value) or cleared (''), never as the 'set' shown.
  for (const field of secrets) {
    const secret = draft[field];
    if (secret !== original[field] && secret !== 'set' && !(secret === '' && !original[field]))
      patch[field] = secret === '' ? null : secret;
  }
  const before = (original.oauth_credentials ?? {}) as Record<string, Record<string, unknown> | null>;
  const after = (draft.oauth_credentials ?? {}) as Record<string, Record<string, unknown> | null>;
  const credentials: Record<string, Record<string, unknown>> = {};
  for (const [provider, entry] of Object.entries(after)) {
    if (!entry) continue;
    const changed: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(entry)) {
      if (secretFields.has(field)) {
        if (typeof value === 'string' && value !== '' && value !== 'set') changed[field] = value;
      } else if (JSON.stringify(value) !== JSON.stringify(before[provider]?.[field])) changed[field] = value;
    }
    if (Object.keys(changed).length > 0) credentials[provider] = changed;
  }
  if (Object.keys(credentials).length > 0) patch.oauth_credentials = credentials;
  return patch;
}

/** The part of a patch whose fields are in `fields`: what one section's Save sends. */
export function pickFields(patch: Draft, fields: readonly string[]): Draft {
  return Object.fromEntries(Object.entries(patch).filter(([field]) => fields.includes(field)));
}

/**
 * The draft after a section is saved or discarded: its fields from `source` (the saved app, or
 * the original), every other section's edits kept.
 */
export function resetFields(draft: Draft, source: Draft, fields: readonly string[]): Draft {
  const next = { ...draft };
  for (const field of fields) {
    if (field in source) next[field] = source[field];
    else delete next[field];
  }
  return next;
}
