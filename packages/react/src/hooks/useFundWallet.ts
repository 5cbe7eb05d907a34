import type { FundWalletOptions, SolanaFundWalletOptions } from '@latchkey/core/funding';
import { useCallback } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { useLatestRef } from './useLatestCallback.ts';

export type { FundWalletOptions, SolanaFundWalletOptions };

// The request's checks and the modal's opening: loaded on the first call, not with the page.
const loader = () => import('../embedded/fundWallet.ts');

function reportExit(
  exited: { readonly current: UseFundWalletParameters['onUserExited'] },
  address: string,
  result: FundWalletResult,
): FundWalletResult {
  exited.current?.({ address, funded: result.funded });
  return result;
}

/**
 * `fundWallet`'s two forms: Latchkey's `(address, options)`, and the incumbent's
 * `({ address, options })`, so an app's calls written for the incumbent run as they are.
 */
export interface FundWallet<Options> {
  (address: string, options?: Options): Promise<FundWalletResult>;
  (input: { address: string; options?: Options }): Promise<FundWalletResult>;
}

/** The address and options of either form of call. */
function fundingCall<Options>(
  first: string | { address: string; options?: Options },
  options?: Options,
): { address: string; options: Options | undefined } {
  return typeof first === 'string'
    ? { address: first, options }
    : { address: first?.address, options: first?.options };
}

/** How a `fundWallet` call ended: the modal closed, after funds arrived or not. */
export interface FundWalletResult {
  funded: boolean;
}

/** The incumbent's hook callback: the user left the funding modal (`address`: the wallet it funded). */
export interface UseFundWalletParameters {
  onUserExited?: ((event: { address: string; funded: boolean }) => void) | undefined;
}

/**
 * Funds a wallet with the modal (spec document 2 §2–§4): the Fund wallet chooser (card through the
 * app's on-ramps, transfer from an exchange, Receive funds), with the incumbent's options (`chain`,
 * `asset`, `amount`, `defaultFundingMethod`, `card.preferredProvider`, `uiConfig`). Checks the request
 * first and rejects with §8's message ('Wallet funding is not enabled', …); resolves when the modal
 * closes. The funding code loads on the first call.
 *
 * @example
 * const { fundWallet } = useFundWallet();
 * await fundWallet(wallet.address, { chain: base, asset: 'USDC', amount: '15' });
 */
export function useFundWallet(parameters: UseFundWalletParameters = {}): {
  fundWallet: FundWallet<FundWalletOptions>;
} {
  const { client, config, openModal } = useLatchkeyContext();
  const exited = useLatestRef(parameters.onUserExited);
  const fundWallet = useCallback(
    (first: string | { address: string; options?: FundWalletOptions }, second?: FundWalletOptions) => {
      const { address, options } = fundingCall(first, second);
      return loader()
        .then(({ openFundWallet }) =>
          openFundWallet(client, config, openModal, (m, ctx) => m.evmFundingTask(ctx, address, options)),
        )
        .then((result) => reportExit(exited, address, result));
    },
    [client, config, openModal, exited],
  );
  return { fundWallet };
}

/**
 * The Solana form of `useFundWallet` (the incumbent's `useFundWallet` of its Solana entry): SOL or
 * USDC on a cluster (`cluster: { name: 'devnet' }`; mainnet-beta by default).
 *
 * @example
 * const { fundWallet } = useSolanaFundWallet();
 * await fundWallet(solanaWallet.address, { asset: 'USDC', amount: '10' });
 */
export function useSolanaFundWallet(parameters: UseFundWalletParameters = {}): {
  fundWallet: FundWallet<SolanaFundWalletOptions>;
} {
  const { client, config, openModal } = useLatchkeyContext();
  const exited = useLatestRef(parameters.onUserExited);
  const fundWallet = useCallback(
    (
      first: string | { address: string; options?: SolanaFundWalletOptions },
      second?: SolanaFundWalletOptions,
    ) => {
      const { address, options } = fundingCall(first, second);
      return loader()
        .then(({ openFundWallet }) =>
          openFundWallet(client, config, openModal, (m, ctx) => m.solanaFundingTask(ctx, address, options)),
        )
        .then((result) => reportExit(exited, address, result));
    },
    [client, config, openModal, exited],
  );
  return { fundWallet };
}
