/**
 * Summarises a V8 `.cpuprofile` (from `bench:server --cpu-prof DIR`) by self time: the functions and
 * the files where the server's thread spent its samples, largest first.
 * Usage: `node bench/server/profile-summary.ts FILE.cpuprofile [--top N]`.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '30' } },
});
if (positionals.length !== 1) throw new Error('usage: profile-summary.ts FILE.cpuprofile [--top N]');
const profile = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as Profile;
const top = Number(values.top);

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfMicros = new Map<number, number>();
for (const [i, id] of profile.samples.entries())
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);

const shortUrl = (url: string) =>
  url.replace(/^.*\/node_modules\//, '~/').replace(/^file:\/\/.*\/packages\//, '');
const add = (map: Map<string, number>, key: string, micros: number) =>
  map.set(key, (map.get(key) ?? 0) + micros);
const functions = new Map<string, number>();
const files = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const file = url ? shortUrl(url) : '(native)';
  add(functions, `${functionName || '(anonymous)'}  ${file}:${lineNumber + 1}`, micros);
  add(files, file.replace(/^(~\/(@[^/]+\/)?[^/]+)\/.*$/, '$1'), micros);
}
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((micros / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
};
console.log(`${(total / 1e6).toFixed(2)} s sampled`);
print('self time by function', functions);
print('self time by file or package', files);
