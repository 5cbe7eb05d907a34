import type { LatchkeyClient } from '../createLatchkeyClient.ts';
import type { EmbeddedEthereumProvider, EmbeddedWallets } from '../embedded/index.ts';
import { LatchkeyClientError } from '../errors.ts';
import { type OpenModal, runModalTask } from './modal-task.ts';

/**
 * One client's embedded wallets for the UI's hooks and the modal: the lazily loaded core instance
 * (`client.embeddedWallets()`, whose frame mounts on first use), the on-device check before any
 * use, and the chain each Ethereum provider is on. The instance is destroyed (frame removed,
 * providers disconnected) when the user logs out or changes.
 */
export interface EmbeddedController {
  /** The core instance; rejects with must_be_authenticated when nobody is logged in. */
  load(): Promise<EmbeddedWallets>;
  /**
   * The instance, once the user's wallet is on this device: a 'privy' wallet is recovered by
   * `connect()` itself; for a 'user-passcode' wallet the modal asks for the password.
   */
  connected(openModal: OpenModal): Promise<EmbeddedWallets>;
  /**
   * The instance, ready to sign with the embedded wallet at `address`: `connected` for an HD
   * wallet; an imported one is its own entropy, so only it is brought onto this device (recovered
   * by itself with 'privy', or after the modal's password prompt with 'user-passcode').
   */
  forWallet(address: string, openModal: OpenModal): Promise<EmbeddedWallets>;
  /** The EIP-1193 provider of the embedded Ethereum wallet at `address`, on this device. */
  ethereumProvider(address: string, openModal: OpenModal): Promise<EmbeddedEthereumProvider>;
  /** Chain ids the providers switched to, by lower-case address (`useSyncExternalStore` snapshot). */
  chainIds(): ReadonlyMap<string, number>;
  subscribe(listener: () => void): () => void;
}

const controllers = new WeakMap<LatchkeyClient, EmbeddedController>();

/** The controller of `client`, created on first use and kept for the client's lifetime. */
export function embeddedController(client: LatchkeyClient): EmbeddedController {
  let controller = controllers.get(client);
  if (!controller) {
    controller = createEmbeddedController(client);
    controllers.set(client, controller);
  }
  return controller;
}

function createEmbeddedController(client: LatchkeyClient): EmbeddedController {
  let loaded: EmbeddedWallets | null = null;
  const connecting = new Map<string, Promise<void>>();
  let chainIds: ReadonlyMap<string, number> = new Map();
  const listeners = new Set<() => void>();
  const watched = new WeakSet<EmbeddedEthereumProvider>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  let userId = client.getState().user?.id ?? null;
  client.subscribe(() => {
    const next = client.getState().user?.id ?? null;
    if (next === userId) return;
    userId = next;
    // Another user (or none): nothing of the last one's wallets may stay mounted.
    loaded?.destroy();
    connecting.clear();
    if (chainIds.size > 0) {
      chainIds = new Map();
      notify();
    }
  });

  async function load(): Promise<EmbeddedWallets> {
    if (!client.getState().user)
      throw new LatchkeyClientError(
        'must_be_authenticated',
        'User must be authenticated to use their embedded wallet.',
      );
    loaded = await client.embeddedWallets();
    return loaded;
  }

  /**
   * Brings the HD wallets (or, with `address`, that imported wallet) onto this device: `connect`
   * recovers a 'privy' wallet by itself; a 'user-passcode' one needs the modal's password prompt.
   */
  async function connectOrRecover(wallets: EmbeddedWallets, openModal: OpenModal, address?: string) {
    try {
      await wallets.connect(address === undefined ? {} : { address });
    } catch (error) {
      if ((error as { type?: unknown }).type !== 'wallet_not_on_device') throw error;
      await runModalTask(openModal, 'recover-wallet', { address });
    }
  }

  /** One connect per entropy at a time: signatures asked for at once share it (and one prompt). */
  function connectOnce(key: string, run: () => Promise<void>): Promise<void> {
    let running = connecting.get(key);
    if (!running) {
      running = run().finally(() => connecting.delete(key));
      connecting.set(key, running);
    }
    return running;
  }

  async function connected(openModal: OpenModal): Promise<EmbeddedWallets> {
    const wallets = await load();
    // A user whose only embedded wallets are imported has no HD wallets to bring onto this device.
    if (wallets.entropy()) await connectOnce('hd', () => connectOrRecover(wallets, openModal));
    return wallets;
  }

  async function forWallet(address: string, openModal: OpenModal): Promise<EmbeddedWallets> {
    const wallets = await load();
    const lower = address.toLowerCase();
    const imported = wallets
      .list()
      .find(
        (w) =>
          w.imported &&
          (w.chainType === 'ethereum' ? w.address.toLowerCase() === lower : w.address === address),
      );
    if (!imported) return connected(openModal);
    // An imported wallet is its own entropy: only it needs to be on this device.
    await connectOnce(`imported:${imported.address}`, () =>
      connectOrRecover(wallets, openModal, imported.address),
    );
    return wallets;
  }

  return {
    load,
    connected,
    forWallet,
    async ethereumProvider(address, openModal) {
      const wallets = await forWallet(address, openModal);
      const provider = wallets.getEthereumProvider(address);
      if (!watched.has(provider)) {
        watched.add(provider);
        const key = address.toLowerCase();
        const record = () => {
          if (chainIds.get(key) === provider.chainId) return;
          chainIds = new Map(chainIds).set(key, provider.chainId);
          notify();
        };
        provider.on('chainChanged', record);
        record();
      }
      return provider;
    },
    chainIds: () => chainIds,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
