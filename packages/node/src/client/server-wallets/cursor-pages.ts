/** Every item of a cursor-paged list, one page at a time as the loop asks for them. */
export async function* cursorPages<T>(
  page: (cursor: string | undefined) => Promise<{ items: readonly T[]; next_cursor: string | null }>,
): AsyncGenerator<T, void> {
  let cursor: string | undefined;
  do {
    const { items, next_cursor } = await page(cursor);
    yield* items;
    cursor = next_cursor ?? undefined;
  } while (cursor);
}
