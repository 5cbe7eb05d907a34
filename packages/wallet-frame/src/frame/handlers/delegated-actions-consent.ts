import { type DelegatedWalletUpload, entropyIdVerifiers } from '@latchkey/protocol';
import { type ConsentRequest, consentRequest } from '../delegation/consent-request.ts';
import { recipientKey, seal } from '../delegation/hpke-seal.ts';
import { delegate, delegationInit } from '../delegation/server-calls.ts';
import { type Entropy, withEntropy } from '../entropy-session.ts';
import type { FrameContext } from '../frame-context.ts';
import { FrameError } from '../frame-error.ts';
import type { ImportedKey } from '../imported-key.ts';
import { withImportedKey } from '../imported-key-session.ts';
import { accessToken, type EntropyRef, type RequestData, sameAddress } from '../request-data.ts';

/**
 * `privy:delegated-actions:consent` → `{success: true}`: the user lets the app's backend sign with
 * these wallets while they are away. The root's secret is rebuilt from a fresh share release (the
 * server's MFA gate applies, as for an export), only each delegated wallet's private key is derived
 * (never the seed leaves), each is sealed to the server's one-time key for this consent and uploaded.
 * The secret and its derived keys are zeroed when the rebuild ends (`fresh`: never kept in the key
 * cache); the sealing library's copies are zeroed by `seal`.
 */
export async function delegatedActionsConsent(
  ctx: FrameContext,
  data: RequestData,
): Promise<{ success: true }> {
  const token = accessToken(data);
  const request = consentRequest(data);
  const { root } = request;
  const ref: EntropyRef = {
    entropyId: root.address,
    verifier: entropyIdVerifiers[root.chainType],
    primaryChain: root.chainType,
  };
  const init = await delegationInit(ctx.api, token);
  const recipient = await recipientKey(init.encryption_public_key);
  const wallets = root.imported
    ? await withImportedKey(ctx, token, ref, (key) => sealImported(recipient, key), { fresh: true })
    : await withEntropy(ctx, token, ref, (secret) => sealHd(recipient, secret, request), { fresh: true });
  await delegate(ctx.api, token, {
    encryption_public_key: init.encryption_public_key,
    wallets,
    ...(request.reason ? { reason: request.reason } : {}),
  });
  return { success: true };
}

function notThatWallet(i: number): FrameError {
  return new FrameError(
    'invalid_request_arguments',
    `delegatedWallets[${i}] is not the wallet at that index of the root wallet`,
  );
}

/** Each HD wallet's key: Ethereum's 32-byte scalar, Solana's 32-byte seed (the keypair's first half). */
async function sealHd(
  recipient: CryptoKey,
  secret: Entropy,
  request: ConsentRequest,
): Promise<DelegatedWalletUpload[]> {
  // Every address is checked before anything is sealed: a wrong one costs no ciphertext.
  const keys = request.wallets.map((wallet, i) => {
    const key =
      wallet.chainType === 'ethereum'
        ? secret.ethereumSigner(wallet.walletIndex)
        : secret.solanaKey(wallet.walletIndex);
    if (!sameAddress(wallet.chainType, key.address, wallet.address)) throw notThatWallet(i);
    // Views into the secret's own keys, which the secret zeroes when the rebuild ends.
    const bytes = 'privateKey' in key ? key.privateKey : key.secretKey.subarray(0, 32);
    return { wallet, address: key.address, bytes };
  });
  const uploads: DelegatedWalletUpload[] = [];
  for (const { wallet, address, bytes } of keys)
    uploads.push({
      address,
      chain_type: wallet.chainType,
      wallet_index: wallet.walletIndex,
      imported: false,
      ...(await seal(recipient, bytes)),
    });
  return uploads;
}

/**
 * An imported wallet's key is its secret (32 bytes on both chains), zeroed by withImportedKey, which
 * also checked it is the root's (the request's one wallet, consentRequest).
 */
async function sealImported(recipient: CryptoKey, key: ImportedKey): Promise<DelegatedWalletUpload[]> {
  return [
    {
      address: key.address,
      chain_type: key.chain,
      wallet_index: 0,
      imported: true,
      ...(await seal(recipient, key.secret)),
    },
  ];
}
