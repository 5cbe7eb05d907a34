/**
 * Compares a screenshot with its committed baseline (pixelmatch over pngjs): the same size, and at
 * most `maxDiffPixels` pixels that differ beyond pixelmatch's colour threshold (anti-aliasing
 * differences are not counted). On a mismatch, the actual image and a diff image are written.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export type Comparison =
  | { status: 'same'; diffPixels: number }
  | { status: 'missing' }
  | { status: 'different'; reason: string };

export interface CompareOptions {
  /** Colour distance (0–1) under which two pixels count as equal; pixelmatch's default is 0.1. */
  threshold?: number;
  /** Differing pixels allowed. */
  maxDiffPixels?: number;
  /** Where the actual and diff PNGs go on a mismatch (`<prefix>-actual.png`, `<prefix>-diff.png`). */
  artifactPrefix: string;
}

export function compareWithBaseline(
  actual: Buffer,
  baselinePath: string,
  options: CompareOptions,
): Comparison {
  if (!existsSync(baselinePath)) return { status: 'missing' };
  const expected = PNG.sync.read(readFileSync(baselinePath));
  const image = PNG.sync.read(actual);
  const save = (diff?: PNG) => {
    mkdirSync(dirname(options.artifactPrefix), { recursive: true });
    writeFileSync(`${options.artifactPrefix}-actual.png`, actual);
    if (diff) writeFileSync(`${options.artifactPrefix}-diff.png`, PNG.sync.write(diff));
  };
  if (image.width !== expected.width || image.height !== expected.height) {
    save();
    return {
      status: 'different',
      reason: `size ${image.width}×${image.height}, baseline ${expected.width}×${expected.height}`,
    };
  }
  const diff = new PNG({ width: image.width, height: image.height });
  const diffPixels = pixelmatch(expected.data, image.data, diff.data, image.width, image.height, {
    threshold: options.threshold ?? 0.1,
  });
  if (diffPixels > (options.maxDiffPixels ?? 0)) {
    save(diff);
    return { status: 'different', reason: `${diffPixels} pixels differ` };
  }
  return { status: 'same', diffPixels };
}
