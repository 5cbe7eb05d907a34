import { servedRoutes } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { features } from '../../src/features.ts';

/** Every route the server declares, as `METHOD path` (declared with `route(contractRoute, …)`). */
const declared = features
  .flatMap((feature) => feature.routes({ ctx: {} as never, devOutbox: null }))
  .map((r) => `${r.method} ${r.path}`);
const contract = Object.values(servedRoutes).map((r) => `${r.method} ${r.path}`);

describe('the route contract', () => {
  it('holds every route the server serves, and the server serves every route in it', () => {
    expect(declared.length).toBeGreaterThan(130);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual([...contract].sort());
  });
});
