import type { AuthShareCache } from './auth-shares.ts';
import type { FrameConfig } from './config.ts';
import type { DeviceShares } from './device-share.ts';
import type { LockChannel } from './lock-channel.ts';
import type { ServerApi } from './server-api.ts';

/**
 * What every handler works with: the page's config, the frame API, this device's share store and the
 * auth shares the page holds.
 */
export interface FrameContext {
  config: FrameConfig;
  api: ServerApi;
  deviceShares: DeviceShares;
  authShares: AuthShareCache;
  /** The app's frames in other tabs, told of a lock here (absent: this page only). */
  locks?: LockChannel;
  /** False where the browser blocks the frame's storage: device shares live in page memory only. */
  persistentStorage?: boolean;
}
