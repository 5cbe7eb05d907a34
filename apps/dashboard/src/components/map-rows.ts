/** A map of strings as the rows MapEditor shows: key and value pairs. */
export type MapRow = [key: string, value: string];

/** The map's entries as rows. */
export const mapRows = (map: unknown): MapRow[] =>
  map && typeof map === 'object' ? Object.entries(map as Record<string, string>) : [];

/** The rows as the map: rows without a key are left out; none at all is null (a map setting's default). */
export function rowsMap(rows: readonly MapRow[]): Record<string, string> | null {
  const entries = rows.filter(([key]) => key.trim() !== '').map(([key, value]) => [key.trim(), value.trim()]);
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}
