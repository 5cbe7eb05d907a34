import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  deduplicatedFrameEvents,
  type FrameErrorOf,
  type FrameEventMap,
  type FrameEventName,
  type FrameRequestOf,
  type FrameResponseOf,
  frameEventPattern,
  frameEvents,
  longFrameEvents,
} from './frame-events.ts';

describe('frame events', () => {
  it('names each event once, every one on the privy: bus', () => {
    const names = Object.values(frameEvents);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(frameEventPattern);
  });

  it('waits long for, and de-duplicates, only creates and re-splits', () => {
    expect(deduplicatedFrameEvents.every((event) => longFrameEvents.includes(event))).toBe(true);
    expect(longFrameEvents).not.toContain(frameEvents.walletsRpc);
  });

  it('maps every event name, and nothing else', () => {
    expectTypeOf<keyof FrameEventMap>().toEqualTypeOf<FrameEventName>();
    expectTypeOf<FrameResponseOf<'privy:wallet:create'>>().toEqualTypeOf<{ address: string }>();
    expectTypeOf<FrameRequestOf<'privy:wallets:add'>>().toHaveProperty('hdWalletIndex');
    expectTypeOf<'wallet_not_on_device'>().toExtend<FrameErrorOf<'privy:wallets:rpc'>>();
  });
});
