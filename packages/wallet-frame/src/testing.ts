/**
 * `@latchkey/wallet-frame/testing`: the frame's own request path, to run it outside a browser frame
 * (Node tests against a real server, the bench's in-page timings). Not the frame's API: the frame's
 * only interface is WIRE §6 messages. The key library's steps the bench times are `@latchkey/keys`'s.
 */
export { AuthShareCache, sessionConfirmationMs } from './frame/auth-shares.ts';
export { DeviceShares } from './frame/device-share.ts';
export type { FrameContext } from './frame/frame-context.ts';
export { dispatcher, type Envelope, type Reply } from './frame/messages.ts';
export { memoryStorage } from './frame/page-storage.ts';
export { ServerApi } from './frame/server-api.ts';
