import type { ComponentType } from 'react';
import type { Run } from './actions.ts';

/** What the demo hands a login method's section: `run` reports an action's outcome on the page. */
export interface MethodSectionProps {
  run: Run;
}

/**
 * The sections of login methods added after the demo's own (`methods/<method>.tsx`, each exporting
 * its section as default): found by Vite at build time, so a new method's section needs no line in
 * App.tsx.
 */
export const methodSections: ComponentType<MethodSectionProps>[] = Object.entries(
  import.meta.glob<{ default: ComponentType<MethodSectionProps> }>('./methods/*.tsx', { eager: true }),
)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([, module]) => module.default);
