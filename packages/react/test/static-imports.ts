/**
 * What loads with a chunk, read from esbuild's metafile: the chunk and every chunk it reaches through
 * static `import` statements, transitively (chunks reached only by `import()` are lazy). The bundle
 * tests (src/bundle.test.ts, src/firstLoad.test.ts) measure the first load with it.
 */
import type { Metafile } from 'esbuild';

/** The output paths that load with `start` (none when `start` is undefined). */
export function loadedWith(metafile: Metafile, start: string | undefined): Set<string> {
  const outputs = metafile.outputs;
  const seen = new Set<string>();
  const queue = start ? [start] : [];
  while (queue.length) {
    const path = queue.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    for (const edge of outputs[path]?.imports ?? [])
      if (edge.kind === 'import-statement' && !edge.external) queue.push(edge.path);
  }
  return seen;
}
