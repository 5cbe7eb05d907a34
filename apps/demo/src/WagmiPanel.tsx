import { useWallets } from '@latchkey/react';
import { embeddedWallet } from '@latchkey/react/wagmi';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { Chain } from 'viem';
import {
  createConfig,
  http,
  useConnect,
  useConnection,
  useDisconnect,
  useSendTransaction,
  useSignMessage,
  useSwitchChain,
  useWaitForTransactionReceipt,
  WagmiProvider,
} from 'wagmi';
import { demoChains } from './chains.ts';
import { readConfig } from './config.ts';
import { useAttempt } from './useAttempt.ts';

const demoWagmiMessage = 'Signed through wagmi';

const { evmRpcUrl } = readConfig(window.location.search, import.meta.env);
/** The chains the Latchkey provider is configured with (main.tsx), the local one first. */
const chains = [...demoChains]
  .sort((a, b) => Number(b.id === 31337) - Number(a.id === 31337))
  .map((chain) =>
    chain.id === 31337 && evmRpcUrl ? { ...chain, rpcUrls: { default: { http: [evmRpcUrl] } } } : chain,
  ) as unknown as [Chain, ...Chain[]];

const config = createConfig({
  chains,
  transports: Object.fromEntries(chains.map((chain) => [chain.id, http(chain.rpcUrls.default.http[0])])),
  multiInjectedProviderDiscovery: false,
});
const queryClient = new QueryClient();

function describe(error: unknown): string {
  const { shortMessage, message } = (error ?? {}) as { shortMessage?: unknown; message?: unknown };
  return String(shortMessage ?? message ?? error);
}

/** wagmi's provider and its query client around the panel. */
export default function WagmiPanel() {
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <Panel />
      </QueryClientProvider>
    </WagmiProvider>
  );
}

function Panel() {
  const wallet = useWallets().wallets.find((w) => w.walletClientType === 'privy');
  const connection = useConnection();
  const connect = useConnect();
  const disconnect = useDisconnect();
  const switchChain = useSwitchChain();
  const signMessage = useSignMessage();
  const send = useSendTransaction();
  const receipt = useWaitForTransactionReceipt({ hash: send.data });
  const [to, setTo] = useState('');
  const { error, attempt } = useAttempt(describe);

  return (
    <>
      <dl className="state">
        <dt>Status</dt>
        <dd data-testid="demo-wagmi-status">{connection.status}</dd>
        <dt>Address</dt>
        <dd data-testid="demo-wagmi-address">{connection.address ?? ''}</dd>
        <dt>Chain</dt>
        <dd data-testid="demo-wagmi-chain">{connection.chainId ?? ''}</dd>
        <dt>Signature</dt>
        <dd>
          <code data-testid="demo-wagmi-signature">{signMessage.data ?? ''}</code>
        </dd>
        <dt>Transaction</dt>
        <dd>
          <code data-testid="demo-wagmi-hash">{send.data ?? ''}</code>{' '}
          <span data-testid="demo-wagmi-receipt">{receipt.data?.status ?? ''}</span>
        </dd>
      </dl>
      <div className="actions">
        <button
          type="button"
          data-testid="demo-wagmi-connect"
          disabled={!wallet}
          onClick={attempt(async () => {
            if (!wallet) return;
            await connect.mutateAsync({
              connector: embeddedWallet({ getProvider: wallet.getEthereumProvider }),
              chainId: 31337,
            });
          })}
        >
          Connect embedded wallet
        </button>
        <button
          type="button"
          data-testid="demo-wagmi-switch-base"
          onClick={attempt(() => switchChain.mutateAsync({ chainId: 8453 }))}
        >
          Switch to Base
        </button>
        <button
          type="button"
          data-testid="demo-wagmi-switch-local"
          onClick={attempt(() => switchChain.mutateAsync({ chainId: 31337 }))}
        >
          Switch to Latchkey Local
        </button>
        <button
          type="button"
          data-testid="demo-wagmi-sign"
          onClick={attempt(() => signMessage.mutateAsync({ message: demoWagmiMessage }))}
        >
          Sign message
        </button>
        <input
          data-testid="demo-wagmi-to"
          placeholder="Recipient 0x…"
          value={to}
          onChange={(event) => setTo(event.target.value)}
        />
        <button
          type="button"
          data-testid="demo-wagmi-send"
          onClick={attempt(() =>
            send.mutateAsync({ to: to as `0x${string}`, value: 1_000_000_000_000_000n, chainId: 31337 }),
          )}
        >
          Send 0.001 ETH
        </button>
        <button
          type="button"
          data-testid="demo-wagmi-disconnect"
          onClick={attempt(() => disconnect.mutateAsync())}
        >
          Disconnect
        </button>
      </div>
      <p className="error" data-testid="demo-wagmi-error">
        {error}
      </p>
    </>
  );
}
