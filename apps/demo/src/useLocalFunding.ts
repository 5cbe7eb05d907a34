import { useEffect, useRef, useState } from 'react';
import { balancesChangedEvent } from './actions.ts';
import { readConfig } from './config.ts';
import {
  type Funding,
  type FundingChain,
  fundOnLocalEvm,
  fundOnLocalSolana,
  localBalance,
} from './localFunding.ts';

/** How often the balances shown are read again, besides right after a send from the demo. */
const balancePollMs = 10_000;

const { evmRpcUrl, solanaRpcUrl, fundLocal } = readConfig(window.location.search, import.meta.env);

export type FundingState =
  | { status: 'funding' }
  | { status: 'failed'; message: string }
  | ({ status: 'funded' } & Funding);

export interface FundedWallet {
  chain: FundingChain;
  address: string;
}

/**
 * Tops up each wallet on the local chain once it appears (see localFunding.ts), once per page, and
 * tells how it went, keyed by `${chain}:${address}`; then keeps the balance shown live (read again
 * after each send from the demo, and every 10 s). Only with `fundLocal` on, and only on a chain the
 * demo has a local RPC for.
 */
export function useLocalFunding(wallets: FundedWallet[]): Map<string, FundingState> {
  const [states, setStates] = useState(() => new Map<string, FundingState>());
  const started = useRef(new Set<string>());
  const key = wallets.map((w) => `${w.chain}:${w.address}`).join(' ');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the list of wallets
  useEffect(() => {
    for (const wallet of wallets) {
      const id = `${wallet.chain}:${wallet.address}`;
      const rpcUrl = wallet.chain === 'ethereum' ? evmRpcUrl : solanaRpcUrl;
      if (!fundLocal || !rpcUrl || started.current.has(id)) continue;
      started.current.add(id);
      const set = (state: FundingState) => setStates((now) => new Map(now).set(id, state));
      set({ status: 'funding' });
      const fund = wallet.chain === 'ethereum' ? fundOnLocalEvm : fundOnLocalSolana;
      fund(rpcUrl, wallet.address).then(
        (funding) => set({ status: 'funded', ...funding }),
        (error: unknown) =>
          set({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
    }
  }, [key]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the list of wallets
  useEffect(() => {
    const refresh = () => {
      for (const wallet of wallets) {
        const id = `${wallet.chain}:${wallet.address}`;
        const rpcUrl = wallet.chain === 'ethereum' ? evmRpcUrl : solanaRpcUrl;
        if (!rpcUrl || !started.current.has(id)) continue;
        localBalance(wallet.chain, rpcUrl, wallet.address).then(
          (balance) =>
            setStates((now) => {
              const state = now.get(id);
              if (state?.status !== 'funded' || state.balance === balance) return now;
              return new Map(now).set(id, { ...state, balance });
            }),
          // A balance that cannot be read now keeps the last one shown; the next read tries again.
          () => undefined,
        );
      }
    };
    window.addEventListener(balancesChangedEvent, refresh);
    const timer = setInterval(refresh, balancePollMs);
    return () => {
      window.removeEventListener(balancesChangedEvent, refresh);
      clearInterval(timer);
    };
  }, [key]);

  return states;
}
