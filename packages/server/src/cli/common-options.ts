/** Options every CLI command accepts. */
export const commonOptions = {
  'data-dir': { type: 'string', default: '.latchkey' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;
