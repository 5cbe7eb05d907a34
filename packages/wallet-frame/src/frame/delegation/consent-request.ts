import {
  type DelegationReason,
  delegationLimits,
  type FrameDelegatedWallet,
  type FrameDelegationRoot,
  isChainType,
} from '@latchkey/protocol';
import { FrameError } from '../frame-error.ts';
import { type RequestData, sameAddress } from '../request-data.ts';

/** A consent's request, checked: the root secret, the wallets to delegate, why. */
export interface ConsentRequest {
  root: FrameDelegationRoot;
  wallets: FrameDelegatedWallet[];
  reason: DelegationReason | null;
}

function invalid(message: string): FrameError {
  return new FrameError('invalid_request_arguments', message);
}

function address(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 100)
    throw invalid(`Invalid ${field}`);
  return value;
}

function record(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(`Missing ${field}`);
  return value as Record<string, unknown>;
}

/**
 * `rootWallet`, `delegatedWallets` and Latchkey's optional `reason` (the background migration says
 * so; the server then needs no app signer). An imported root delegates itself only: it has no HD tree.
 */
export function consentRequest(data: RequestData): ConsentRequest {
  const rootData = record(data.rootWallet, 'rootWallet');
  if (!isChainType(rootData.chainType)) throw invalid('Invalid rootWallet.chainType');
  const root: FrameDelegationRoot = {
    address: address(rootData.address, 'rootWallet.address'),
    chainType: rootData.chainType,
    imported: rootData.imported === true,
  };
  const list = data.delegatedWallets;
  if (!Array.isArray(list) || list.length === 0 || list.length > delegationLimits.walletsPerConsent)
    throw invalid(`delegatedWallets must list 1 to ${delegationLimits.walletsPerConsent} wallets`);
  const wallets = list.map((item, i): FrameDelegatedWallet => {
    const wallet = record(item, `delegatedWallets[${i}]`);
    const index = wallet.walletIndex;
    if (!isChainType(wallet.chainType)) throw invalid(`Invalid delegatedWallets[${i}].chainType`);
    if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0 || index >= 0x80000000)
      throw invalid(`Invalid delegatedWallets[${i}].walletIndex`);
    return {
      address: address(wallet.address, `delegatedWallets[${i}].address`),
      chainType: wallet.chainType,
      walletIndex: index,
    };
  });
  if (root.imported) {
    const [only] = wallets;
    if (
      wallets.length !== 1 ||
      only!.chainType !== root.chainType ||
      only!.walletIndex !== 0 ||
      !sameAddress(root.chainType, only!.address, root.address)
    )
      throw invalid('An imported wallet delegates itself only');
  }
  const reason = data.reason ?? null;
  if (reason !== null && reason !== 'consent' && reason !== 'migration') throw invalid('Invalid reason');
  return { root, wallets, reason };
}
