/**
 * The fields Telegram signed, each value as the string it signed: the login widget's result and a
 * Mini App's `initData` (values decoded once, `user` as its JSON text).
 */
export type SignedFields = Readonly<Record<string, string>>;

/**
 * Telegram's data-check-string (core.telegram.org/widgets/login#checking-authorization, and the
 * same for Mini Apps): every received field except those left out, sorted by key, written
 * `key=value` and joined with line feeds.
 */
export function dataCheckString(fields: SignedFields, leaveOut: readonly string[]): string {
  return Object.keys(fields)
    .filter((key) => !leaveOut.includes(key))
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
}
