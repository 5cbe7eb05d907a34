import type { EIP1193Provider } from '@latchkey/core';

type Listener = (...args: never[]) => void;

/** An EIP-1193 provider that always has `on` and `removeListener`. */
export type EventfulEIP1193Provider = EIP1193Provider & {
  on(event: string, listener: Listener): unknown;
  removeListener(event: string, listener: Listener): unknown;
};

const wrapped = new WeakMap<EIP1193Provider, EventfulEIP1193Provider>();

/**
 * `provider` itself when it has `on` and `removeListener` (every EIP-1193 wallet should); otherwise
 * one wrapper per provider that forwards `request` and tells its own listeners what the page's
 * requests changed: `chainChanged` (hex id) after a `wallet_switchEthereumChain`, `accountsChanged`
 * after an `eth_requestAccounts` that answered other accounts.
 */
export function eventfulProvider(provider: EIP1193Provider): EventfulEIP1193Provider {
  if (typeof provider.on === 'function' && typeof provider.removeListener === 'function')
    return provider as EventfulEIP1193Provider;
  const known = wrapped.get(provider);
  if (known) return known;
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, value: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) (listener as (v: unknown) => void)(value);
  };
  let accounts = '';
  const out: EventfulEIP1193Provider = {
    async request(args) {
      const result = await provider.request(args);
      if (args.method === 'wallet_switchEthereumChain' && Array.isArray(args.params)) {
        const target = (args.params[0] as { chainId?: unknown } | undefined)?.chainId;
        emit('chainChanged', typeof target === 'number' ? `0x${target.toString(16)}` : target);
      }
      if (args.method === 'eth_requestAccounts' && Array.isArray(result)) {
        const next = result.map(String);
        if (accounts && next.join() !== accounts) emit('accountsChanged', next);
        accounts = next.join();
      }
      return result;
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      listeners.set(event, set);
      set.add(listener);
      return out;
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
      return out;
    },
  };
  wrapped.set(provider, out);
  return out;
}
