import { formatBalance } from './localFunding.ts';
import { type FundedWallet, useLocalFunding } from './useLocalFunding.ts';

/** One line per wallet: its live balance on the local chain (`npm start` funds it with test coins), or why not. */
export function LocalFunds({ wallets, label }: { wallets: FundedWallet[]; label: string }) {
  const states = useLocalFunding(wallets);
  const shown = wallets.filter((w) => states.has(`${w.chain}:${w.address}`));
  if (shown.length === 0) return null;
  return (
    <ul className="funds" aria-label={label}>
      {shown.map((wallet) => {
        const state = states.get(`${wallet.chain}:${wallet.address}`)!;
        const coin = wallet.chain === 'ethereum' ? 'ETH' : 'SOL';
        return (
          <li
            key={`${wallet.chain}:${wallet.address}`}
            data-testid={`demo-funds-${wallet.chain}-${wallet.address}`}
            data-status={state.status}
          >
            {state.status === 'funding' ? `Getting test ${coin} on the local chain…` : null}
            {state.status === 'funded'
              ? `Balance ${formatBalance(wallet.chain, state.balance)} · Funded with test ${coin} on the local chain`
              : null}
            {state.status === 'failed' ? `No test ${coin}: ${state.message}` : null}
          </li>
        );
      })}
    </ul>
  );
}
