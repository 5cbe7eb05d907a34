/**
 * The key-export frame: shows an embedded wallet's private key or seed phrase inside this page, on the
 * Latchkey server's origin. It never posts anything to its parent, so the host app cannot read the key.
 * Layout: a 40 px row of buttons (the host's frame is 44 px high until focus moves in), then the one
 * value last revealed; the host grows the frame to fit the longest value (3 lines at 276 px).
 */
import { decodeExportFrameQuery } from '@latchkey/protocol';
import { AuthShareCache } from '../frame/auth-shares.ts';
import { readFrameConfig } from '../frame/config.ts';
import { frameDeviceKey } from '../frame/device-key.ts';
import { DeviceShares } from '../frame/device-share.ts';
import { toReplyError } from '../frame/frame-error.ts';
import { borrowMfaToken } from '../frame/mfa/token-channel.ts';
import { pageStorage } from '../frame/page-storage.ts';
import { ServerApi } from '../frame/server-api.ts';
import { readExportQuery } from './export-query.ts';
import { exportSecret } from './export-secret.ts';
import { applyPalette, type ExportControl, exportControl } from './export-view.ts';

const config = readFrameConfig(document);
const ctx = {
  config,
  api: new ServerApi({ ...config, deviceKey: frameDeviceKey(config.appId) }),
  deviceShares: new DeviceShares(() => pageStorage(window).storage, config.appId),
  authShares: new AuthShareCache(),
};
const root = document.getElementById('latchkey-export')!;
const status = document.createElement('p');
status.className = 'status';
status.dataset.testid = 'lk-export-error';

/** Failures are shown in the frame; they name what went wrong, never the secret. */
function showError(error: unknown): void {
  status.textContent = toReplyError(error)?.message ?? 'An error has occurred, please try again.';
}

applyPalette(document.documentElement, decodeExportFrameQuery(location));
try {
  const query = readExportQuery(location);
  // The token is not left in the address, where the page's history would keep it.
  history.replaceState(null, '', location.pathname + location.search);
  const buttons = document.createElement('div');
  buttons.className = 'buttons';
  const values = document.createElement('div');
  values.className = 'values';
  const controls: ExportControl[] = [];
  for (const kind of query.phraseExport ? (['key', 'phrase'] as const) : (['key'] as const)) {
    const control = exportControl(document, kind, () =>
      // Share release needs the MFA token of a user with a factor: the hidden frame verified and holds it.
      borrowMfaToken(ctx.api.mfaToken, config.appId)
        .then(() => exportSecret(ctx, query, kind))
        .then(
          (secret) => {
            status.textContent = '';
            // One value at a time: the host sizes this frame for the longest one (it cannot measure it).
            for (const other of controls) other.reset();
            return secret;
          },
          (error: unknown) => {
            showError(error);
            return null;
          },
        ),
    );
    buttons.append(control.button);
    values.append(control.value);
    controls.push(control);
  }
  root.append(buttons, values, status);
} catch (error) {
  showError(error);
  root.append(status);
}
