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
  mfaFreeFrameEvents,
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

  it('lets any request carry the MFA fields and be refused for MFA (WIRE.md §6)', () => {
    expectTypeOf<FrameRequestOf<'privy:wallets:rpc'>>().toHaveProperty('mfaCode');
    expectTypeOf<FrameRequestOf<'privy:mfa:verify'>>().toHaveProperty('mfaMethod');
    expectTypeOf<'missing_or_invalid_mfa'>().toExtend<FrameErrorOf<'privy:wallets:connect'>>();
    expectTypeOf<'missing_or_invalid_mfa'>().toExtend<FrameErrorOf<'privy:mfa:submit-enrollment'>>();
  });

  it('keeps the MFA loop off the handshake, the device enrolment, lock and clear only', () => {
    expect([...mfaFreeFrameEvents].sort()).toEqual(
      [
        frameEvents.ready,
        frameEvents.walletsEnrollDevice,
        frameEvents.walletsLock,
        frameEvents.mfaClear,
      ].sort(),
    );
    expect(frameEvents.mfaClear).toBe('privy:mfa:clear');
    expect(frameEvents.authUnlinkPasskey).toBe('privy:auth:unlink-passkey');
  });
});
