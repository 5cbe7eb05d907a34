import { type Address, encodeAbiParameters, type Hex, isAddressEqual } from 'viem';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { parseEvmSignature, verifyEvmSignature } from '../wallets/evm-signature.ts';
import { chainRegistry, type FarcasterRegistry } from './registry.ts';
import { farcasterSettings } from './settings.ts';
import { checkSiwfMessage, parseSiwfMessage, type SiwfExpectation, siwfChainId } from './siwf-message.ts';

/** KeyRegistry key types and states (REFERENCES §2.3, FC-KR). */
const authAddressKeyType = 2;
const keyAdded = 1;

export interface VerifiedSiwf {
  fid: number;
  /** Who signed: the custody address or an auth address of the fid. */
  signer: Address;
  authMethod: 'custody' | 'authAddress';
  /** The fid's custody address (the account's `owner_address`). */
  custody: Address;
}

/** The registries this server reads: the injected ones, else the chain's behind `eip155:10`. */
export function farcasterRegistry(ctx: ServerContext): FarcasterRegistry {
  const injected = farcasterSettings(ctx.settings).registry;
  if (injected) return injected;
  const rpcUrl = ctx.settings.rpcUrls[`eip155:${siwfChainId}`];
  if (!rpcUrl)
    throw new ApiError(
      'feature_not_enabled',
      'Farcaster login needs an Optimism RPC on the server (LATCHKEY_RPC_URLS, eip155:10).',
    );
  return chainRegistry(rpcUrl);
}

/** A registry read failed: logged (without the RPC URL, which may carry a key), refused plainly. */
async function read<T>(ctx: ServerContext, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    ctx.log.error('farcaster registry read failed', {
      read: what,
      error: (error as { shortMessage?: string }).shortMessage ?? (error as Error).name,
    });
    throw new ApiError('invalid_credentials', 'Could not check the Farcaster account with the chain.');
  }
}

/**
 * Verifies a Sign In With Farcaster (REFERENCES §2.3): the message (parseSiwfMessage), then what
 * the login expects of it (fid, nonce, domain, times), then the signature (an EOA's locally, a
 * contract account's through the Optimism RPC: EIP-1271 / EIP-6492), then the signer's authority:
 * the fid's custody address (`IdRegistry.idOf(signer) == fid`), or, when accepted, one of its auth
 * addresses (`KeyRegistry.keyDataOf(fid, abi.encode(signer))` added, of type 2). Spends nothing:
 * the caller spends the nonce once this passes.
 */
export async function verifySiwf(
  ctx: ServerContext,
  input: { message: string; signature: string },
  expected: Omit<SiwfExpectation, 'now'> & { acceptAuthAddress: boolean },
): Promise<VerifiedSiwf> {
  const signature = parseEvmSignature(input.signature);
  const message = parseSiwfMessage(input.message);
  checkSiwfMessage(message, { ...expected, now: ctx.now() });
  const registry = farcasterRegistry(ctx);
  await verifyEvmSignature(ctx, {
    address: message.address,
    message: input.message,
    signature,
    chainId: siwfChainId,
  });
  const fid = BigInt(message.fid);
  const signer = message.address;
  const ownerFid = await read(ctx, 'idOf', () => registry.idOf(signer));
  if (ownerFid === fid) return { fid: message.fid, signer, authMethod: 'custody', custody: signer };
  if (expected.acceptAuthAddress) {
    const key: Hex = encodeAbiParameters([{ type: 'address' }], [signer]);
    const data = await read(ctx, 'keyDataOf', () => registry.keyDataOf(fid, key));
    if (data.keyType === authAddressKeyType && data.state === keyAdded) {
      const custody = await read(ctx, 'custodyOf', () => registry.custodyOf(fid));
      if (!isAddressEqual(custody, '0x0000000000000000000000000000000000000000'))
        return { fid: message.fid, signer, authMethod: 'authAddress', custody };
    }
  }
  throw new ApiError(
    'invalid_credentials',
    `The signer is neither the custody address nor an auth address of fid ${message.fid}.`,
  );
}
