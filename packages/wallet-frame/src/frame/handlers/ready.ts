import type { FrameContext } from '../frame-context.ts';

/**
 * `privy:iframe:ready`: the handshake. Answering at all tells the host the listener is installed;
 * `storage: 'page'` tells a Latchkey host that this browser gives the frame no lasting storage (see
 * page-storage.ts), so it can say why the wallet will need recovering after a reload. Other hosts
 * ignore the field.
 */
export async function ready(ctx: FrameContext): Promise<{ storage?: 'page' }> {
  const key = await ctx.api.deviceKey().catch(() => null);
  return ctx.persistentStorage !== false && key?.persistent !== false ? {} : { storage: 'page' };
}
