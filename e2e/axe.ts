/**
 * axe-core in the page: injects the engine once and runs it on one element. Violations of impact
 * `serious` or `critical` come back as lines naming the rule and the elements it found.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * axe's context: a selector, or a path of selectors through shadow roots (`{ fromShadowDom: [host,
 * inner] }`: the modal's dialog is in its host's shadow root).
 */
export type AxeContext = string | { fromShadowDom: string[] };

/** The serious and critical violations inside `context`, e.g. `color-contrast (.lk-muted): …`. */
export async function seriousViolations(page: Page, context: AxeContext): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async (context) => {
    const axe = (
      window as unknown as {
        axe: { run(context: unknown, options: object): Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(context, { resultTypes: ['violations'] });
    return result.violations;
  }, context);
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')}): ${v.help}`);
}
