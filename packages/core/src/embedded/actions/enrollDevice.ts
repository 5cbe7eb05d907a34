import { type EmbeddedWalletsContext, frameCall } from './context.ts';
import { frameAuth } from './frameAuth.ts';

/** Enrolls this device's frame key for the user (`privy:wallets:enroll-device`). */
export async function enrollDevice(ctx: EmbeddedWalletsContext): Promise<void> {
  await frameCall(ctx, 'privy:wallets:enroll-device', { ...(await frameAuth(ctx)) });
}
