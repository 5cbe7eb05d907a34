/**
 * The wallet frame: a page on the Latchkey server's origin that holds the embedded wallets' device
 * shares and answers the host app's WIRE §6 requests. The host only ever sees addresses and signatures.
 */
import { warmUpCurve } from '@latchkey/keys';
import { AuthShareCache } from './auth-shares.ts';
import { readFrameConfig } from './config.ts';
import { frameDeviceKey } from './device-key.ts';
import { DeviceShares } from './device-share.ts';
import { keyIdleMs } from './key-idle.ts';
import { shareLocks } from './lock-channel.ts';
import { installMessageListener } from './messages.ts';
import { lendMfaToken } from './mfa/token-channel.ts';
import { pageStorage } from './page-storage.ts';
import { ServerApi } from './server-api.ts';

const config = readFrameConfig(document);
const { storage, persistent } = pageStorage(window);
const api = new ServerApi({ ...config, deviceKey: frameDeviceKey(config.appId) });
// The key-export frame, a page of its own, borrows the MFA token the user verified here.
lendMfaToken(api.mfaToken, config.appId);
const authShares = new AuthShareCache({ keyIdleMs: keyIdleMs(location.search) });
authShares.useSessionFeed((accessToken, signal) => api.sessionEvents(accessToken, signal));
installMessageListener(window, {
  config,
  api,
  deviceShares: new DeviceShares(() => storage, config.appId),
  authShares,
  locks: shareLocks(authShares, config.appId),
  persistentStorage: persistent,
});

// The curves' base-point tables are built now, one task each, rather than by the first request that signs.
setTimeout(() => warmUpCurve('secp256k1'), 0);
setTimeout(() => warmUpCurve('ed25519'), 0);
