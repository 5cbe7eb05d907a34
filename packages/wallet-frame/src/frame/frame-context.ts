import type { FrameConfig } from './config.ts';
import type { DeviceShares } from './device-share.ts';
import type { ServerApi } from './server-api.ts';

/** What every handler works with: the page's config, the frame API and this device's share store. */
export interface FrameContext {
  config: FrameConfig;
  api: ServerApi;
  deviceShares: DeviceShares;
}
