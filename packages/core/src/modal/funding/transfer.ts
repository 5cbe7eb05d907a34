import { knownUsdcAddress } from '../../funding/chains.ts';
import { fundingMessages } from '../../funding/messages.ts';
import { type TransferSourceWallet, transferWalletList } from '../../funding/transfer-wallets.ts';
import { canContinueWithAmount, isFundingAmountInput } from '../../funding/validation.ts';
import type { FlowRuntime } from '../runtime.ts';
import type { ModalScreensOf } from '../screens.ts';
import type { FundWalletTask } from './task.ts';

/**
 * Transfer from wallet (spec document 1 §2, document 2 §2): the user's connected wallets, the amount
 * to confirm or edit, then the transfer sent by the chosen wallet ('Confirm with {wallet}') to the
 * wallet being funded: on its own chain (Ethereum here, Solana in `solana-transfer.ts`), or across
 * chain types through the bridge (`bridge.ts` to Solana, `bridge-from-solana.ts` from it).
 */

/** `amount` (a decimal string the field accepted) in base units, cut to `decimals`. */
export function parseAmount(amount: string, decimals: number): bigint {
  const [whole = '', fraction = ''] = amount.split('.');
  return (
    BigInt(whole || '0') * 10n ** BigInt(decimals) +
    BigInt(fraction.slice(0, decimals).padEnd(decimals, '0') || '0')
  );
}

/** ERC-20 `transfer(to, value)` call data. */
export function erc20Transfer(to: string, value: bigint): string {
  return `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${value.toString(16).padStart(64, '0')}`;
}

/** The token the transfer moves (null: the chain's coin). */
function tokenOf(task: FundWalletTask): string | null {
  if (task.asset === 'native-currency' || task.chain.chainType !== 'ethereum') return null;
  return task.asset === 'USDC' ? knownUsdcAddress(task.chain.chainId) : task.asset.erc20;
}

/**
 * The connected wallets that can pay `task` (other than the wallet being funded): to an Ethereum
 * wallet, Ethereum wallets on its chain, and Solana wallets through the bridge when the app bridges
 * (`bridgeFromSolana`); to a Solana wallet, Solana wallets on its cluster, and Ethereum wallets
 * through the bridge when the app bridges and the cluster is mainnet (the bridge refuses testnets).
 */
export async function transferSources(
  rt: FlowRuntime,
  task: FundWalletTask,
): Promise<TransferSourceWallet[]> {
  const pays = (chainType: TransferSourceWallet['chainType']) =>
    task.chain.chainType === 'ethereum'
      ? chainType === 'ethereum' || task.bridgeFromSolana !== undefined
      : chainType === 'solana' ||
        ((task.bridgeChains?.length ?? 0) > 0 && task.chain.cluster === 'mainnet-beta');
  const manager = await rt.client.wallets();
  return manager
    .getState()
    .connections.filter(
      (wallet) => pays(wallet.chainType) && wallet.address.toLowerCase() !== task.address.toLowerCase(),
    )
    .map((wallet) => ({ address: wallet.address, chainType: wallet.chainType, name: wallet.name }));
}

export function walletsScreen(
  wallets: readonly TransferSourceWallet[],
): ModalScreensOf<'fund-transfer-wallets'> {
  return { name: 'fund-transfer-wallets', ...transferWalletList(wallets), expanded: false };
}

export function amountScreen(
  task: FundWalletTask,
  wallet: TransferSourceWallet,
  amount: string,
): ModalScreensOf<'fund-transfer-amount'> {
  return {
    name: 'fund-transfer-amount',
    wallet,
    amount,
    symbol: task.symbol,
    canContinue: canContinueWithAmount(amount),
  };
}

/** The field's next text: what the user typed when the field accepts it (§5), else the text before. */
export const nextAmount = (before: string, typed: string): string =>
  isFundingAmountInput(typed) ? typed : before;

/**
 * Sends `amount` from `wallet` to the wallet being funded: the wallet is switched to the chain, then
 * asked to send (the chain's coin, or the token's `transfer`). Resolves with the transaction hash.
 *
 * @throws the wallet's refusal (4001 when the user rejects), or 'Wallet data is missing'.
 */
export async function sendTransfer(
  rt: FlowRuntime,
  task: FundWalletTask,
  wallet: TransferSourceWallet,
  amount: string,
): Promise<string> {
  if (task.chain.chainType !== 'ethereum') throw new Error(fundingMessages.walletDataMissing);
  const manager = await rt.client.wallets();
  await manager.switchChain(wallet.address, task.chain.chainId);
  const value = parseAmount(amount, task.decimals);
  const token = tokenOf(task);
  if (task.asset !== 'native-currency' && !token) throw new Error(fundingMessages.invalidFundingData);
  const transaction = token
    ? { from: wallet.address, to: token, data: erc20Transfer(task.address, value) }
    : { from: wallet.address, to: task.address, value: `0x${value.toString(16)}` };
  const provider = manager.getEthereumProvider(wallet.address);
  return (await provider.request({ method: 'eth_sendTransaction', params: [transaction] })) as string;
}
