import type { FrameContext } from '../frame-context.ts';
import { FrameError } from '../frame-error.ts';
import { parseImportedKey } from '../imported-key.ts';
import { storeImportedKey } from '../imported-key-session.ts';
import { accessToken, chainType, type RequestData, recoveryChoice } from '../request-data.ts';
import { wipe } from '../wipe.ts';

function invalid(message: string): FrameError {
  return new FrameError('invalid_request_arguments', message);
}

/**
 * `privy:wallets:import` → `{address}`: makes an existing private key an on-device embedded wallet. The
 * key is split 2-of-3 like an entropy (recovery `privy` by default, or `user-passcode` with
 * `recoveryPassword`) and exists whole only during this call. TEE wallets (`mode: 'tee'`) are not built
 * by this server.
 */
export async function walletsImport(ctx: FrameContext, data: RequestData): Promise<{ address: string }> {
  const token = accessToken(data);
  const mode = data.mode ?? 'on-device';
  if (mode === 'tee')
    throw invalid("TEE wallets are not supported by this server: import with mode 'on-device'");
  if (mode !== 'on-device') throw invalid("Invalid mode: expected 'on-device'");
  const signers = data.additionalSigners;
  if (signers !== undefined && signers !== null && !(Array.isArray(signers) && signers.length === 0))
    throw invalid('additionalSigners need a TEE wallet; an on-device wallet has none');
  const chain = chainType(data);
  const choice = recoveryChoice(data);
  const key = parseImportedKey(chain, data.privateKey);
  try {
    await storeImportedKey(ctx, token, key, choice);
    return { address: key.address };
  } finally {
    wipe(key.secret);
  }
}
