import {
  appAllowsRecoveryMethod,
  type EmbeddedWalletConfig,
  isRecoveryMethod,
  recoveryMethodChange,
  serverErrors,
  type User,
} from '@latchkey/protocol';
import type { SessionManager } from '../session/createSessionManager.ts';
import { mainnet } from '../wallets/types.ts';
import {
  type EmbeddedChainType,
  type EmbeddedEntropy,
  type EmbeddedWalletAccount,
  embeddedEntropy,
  embeddedWallets,
  findEmbeddedWallet,
  nextWalletIndex,
  type RecoveryMethod,
} from './accounts.ts';
import { EmbeddedWalletError, embeddedMessages, isEmbeddedWalletError } from './errors.ts';
import {
  type ConfirmHook,
  createEmbeddedEthereumProvider,
  type EmbeddedEthereumProvider,
} from './ethereum-provider.ts';
import type { EvmChain } from './fees.ts';
import type { FrameProxy } from './frame-proxy.ts';

/** What the embedded wallets need of the session. */
export type EmbeddedSession = Pick<SessionManager, 'user' | 'getAccessToken' | 'refreshAfterChange'> &
  Partial<Pick<SessionManager, 'cookieSessions'>>;

/** How a frame request proves the user: their access token, or nothing with cookie sessions. */
type FrameAuth = { accessToken: string } | Record<string, never>;

export interface CreateEmbeddedWalletsParameters {
  session: EmbeddedSession;
  /**
   * The frame proxy, or a factory: with a factory, a frame that never answered the handshake is
   * dropped and the next call mounts a fresh one.
   */
  proxy: FrameProxy | (() => FrameProxy);
  /** Chains the Ethereum providers may use (viem `Chain` objects); default `[mainnet]`. */
  chains?: readonly EvmChain[] | undefined;
  /** The providers' starting chain; default the first configured. */
  defaultChain?: EvmChain | undefined;
  fetch?: typeof fetch | undefined;
  delay?: ((ms: number) => Promise<void>) | undefined;
  /** Awaited before every signature (confirmation screens); also settable later with `setConfirm`. */
  confirm?: ConfirmHook | undefined;
  /** The app's `require_user_password_on_create`. */
  requireUserPassword?: (() => boolean) | undefined;
  /**
   * The app's `embedded_wallet_config`: the recovery methods it allows are checked here, before
   * the frame is asked (the server refuses the others too).
   */
  walletConfig?: (() => Partial<EmbeddedWalletConfig> | null | undefined) | undefined;
}

export interface CreateEmbeddedWalletOptions {
  /**
   * Default 'user-passcode' when a password is given, else 'privy' (server-held recovery key,
   * recovery without a password on a new device).
   */
  recoveryMethod?: RecoveryMethod | undefined;
  /** Required for 'user-passcode'. Sent to the frame only; never to the server. */
  password?: string | undefined;
}

export interface ImportEmbeddedWalletOptions {
  /**
   * Ethereum: 64 hex digits, with or without `0x`. Solana: base58 of the 64-byte keypair (as Phantom
   * exports it) or of its 32-byte seed. Sent to the wallet frame only; never to the server.
   */
  privateKey: string;
  /** Default 'ethereum'. */
  chainType?: EmbeddedChainType | undefined;
  /** As for a created wallet: default 'user-passcode' when a password is given, else 'privy'. */
  recoveryMethod?: RecoveryMethod | undefined;
  password?: string | undefined;
}

export interface EmbeddedWallets {
  /** The user's embedded wallets, Ethereum first, by index. */
  list(): EmbeddedWalletAccount[];
  /** The user's entropy (its id and verifier), or null before their first embedded wallet. */
  entropy(): EmbeddedEntropy | null;
  /** Resolves once the wallet frame answered the ready handshake. */
  ready(): Promise<void>;
  /** The Ethereum wallet at index 0. */
  createEthereumWallet(options?: CreateEmbeddedWalletOptions): Promise<EmbeddedWalletAccount>;
  /** The Solana wallet at index 0, from the user's existing entropy when they have one. */
  createSolanaWallet(options?: CreateEmbeddedWalletOptions): Promise<EmbeddedWalletAccount>;
  /**
   * Another HD wallet on `chainType`: at `walletIndex` (a non-negative integer below 2^31), or by
   * default one past the highest. Needs the user's existing embedded wallet.
   */
  createAdditional(chainType: EmbeddedChainType, walletIndex?: number): Promise<EmbeddedWalletAccount>;
  /**
   * Loads the wallet on this device: the HD wallets, or with `address` that imported wallet.
   * Without a device share, `privy` recovery runs by itself; `user-passcode` rejects with type
   * `wallet_not_on_device` (ask for the password, then `recover` with the same `address`).
   */
  connect(options?: { address?: string | undefined }): Promise<{ entropyId: string }>;
  /**
   * Recovers the user's HD wallets on this device, or with `address` that imported wallet (each
   * imported key recovers on its own).
   */
  recover(options?: {
    password?: string | undefined;
    address?: string | undefined;
  }): Promise<{ entropyId: string }>;
  /**
   * Moves the user's HD wallets to `recoveryMethod` (or a new `password`). A wallet that has a password
   * now moves only with it (`currentPassword`): the frame refuses otherwise (`invalid_recovery_pin`).
   */
  setRecovery(options: {
    recoveryMethod: RecoveryMethod;
    password?: string | undefined;
    currentPassword?: string | undefined;
  }): Promise<{ entropyId: string; entropyIdVerifier: string; recoveryMethod: string }>;
  /**
   * Resolves when `password` is the current password of the user's HD wallets (or, with `address`, of
   * that imported wallet); rejects with `invalid_recovery_pin` when it is not. Wrong guesses count
   * against the server's budget of password attempts.
   */
  checkPassword(options: { password: string; address?: string | undefined }): Promise<void>;
  /**
   * Enrolls this device's frame key for the user, so its wallets can be used here later: the server
   * allows it only shortly after a login (docs/security.md). The client calls it after each login of
   * a user with embedded wallets; other frame calls enroll too, when needed.
   */
  enrollDevice(): Promise<void>;
  /**
   * Throws what `setRecovery` to `recoveryMethod` would throw before asking the frame (no wallet,
   * a change the rules or the app refuse), leaving out the password: a UI checks this before it
   * asks for one.
   */
  assertCanSetRecovery(recoveryMethod: RecoveryMethod): void;
  /**
   * Imports an existing private key as an on-device embedded wallet (`imported: true`, index 0 of
   * its own): the frame splits it like a created wallet's seed, and it signs through the same
   * providers. Its key cannot be exported again (only HD wallets export).
   */
  importWallet(options: ImportEmbeddedWalletOptions): Promise<EmbeddedWalletAccount>;
  /** `privy:wallets:rpc` on the wallet at `address`; resolves with `response.data`. */
  rpc(
    address: string,
    chainType: EmbeddedChainType,
    request: { method: string; params?: unknown },
  ): Promise<unknown>;
  /** The EIP-1193 provider of the embedded Ethereum wallet at `address` (one per address). */
  getEthereumProvider(address: string): EmbeddedEthereumProvider;
  /** Signs `message` with the embedded Solana wallet at `address` (ed25519, 64 bytes). */
  signSolanaMessage(address: string, message: Uint8Array): Promise<Uint8Array>;
  /** Installs the confirmation hook every provider awaits before signing (null: none). */
  setConfirm(hook: ConfirmHook | null): void;
  /** Removes the frame; providers tell their listeners the accounts are gone. */
  destroy(): void;
}

interface EntropyDetails {
  entropyId: string;
  entropyIdVerifier: string;
  recoveryMethod: string | null;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}

/** The methods this version implements; cloud ones need OAuth recovery, which it does not have. */
const implementedMethods: readonly string[] = ['privy', 'user-passcode'];

/**
 * The recovery fields of a create or set-recovery, checked before the frame is asked (spec
 * document 1 §4 "Recovery methods" and §5 wallet creation): the change of method (`from`, for
 * set-recovery), the app's allowed methods for a new or another method, then the password.
 */
function recoveryChoice(
  options: { recoveryMethod?: unknown; password?: unknown },
  rules: {
    from?: string | null;
    required: boolean;
    walletConfig: Partial<EmbeddedWalletConfig> | null;
    /** Stop before the password (a check before the user is asked for one). */
    methodOnly?: boolean;
  },
): { recoveryMethod: RecoveryMethod; recoveryPassword?: string } {
  const { password } = options;
  if (password !== undefined && typeof password !== 'string')
    throw new EmbeddedWalletError('invalid_input', 'Invalid input to create wallet');
  const method = options.recoveryMethod ?? (password === undefined ? 'privy' : 'user-passcode');
  if ('from' in rules) {
    const change = recoveryMethodChange(rules.from, method);
    if (!change.allowed) throw new EmbeddedWalletError('unsupported_recovery_method', change.message);
  } else if (!isRecoveryMethod(method))
    throw new EmbeddedWalletError(
      'unsupported_recovery_method',
      `Unsupported recovery method ${String(method)}`,
    );
  const switching = !('from' in rules) || method !== rules.from;
  if (switching && isRecoveryMethod(method) && !appAllowsRecoveryMethod(rules.walletConfig, method))
    throw new EmbeddedWalletError('disallowed_recovery_method', serverErrors.disallowed_recovery_method);
  if (!implementedMethods.includes(method as string))
    throw new EmbeddedWalletError(
      'unsupported_recovery_method',
      `Unsupported recovery method ${String(method)}`,
    );
  if (rules.methodOnly) return { recoveryMethod: method as RecoveryMethod };
  if ((method === 'user-passcode' || rules.required) && !password)
    throw new EmbeddedWalletError('invalid_input', embeddedMessages.passwordRequired);
  return method === 'user-passcode'
    ? { recoveryMethod: method, recoveryPassword: password! }
    : { recoveryMethod: method as RecoveryMethod };
}

/**
 * The embedded-wallet API on top of the wallet frame and the session: creation (index 0 per
 * chain, then further HD indexes), connecting and recovering on this device, changing the
 * recovery method, signing, and EIP-1193 providers. After anything that adds or changes a
 * wallet, the session is refreshed so the user's linked accounts show it.
 *
 * @example
 * const wallets = createEmbeddedWallets({ session, proxy: () => createFrameProxy({ apiUrl, appId }) });
 * const wallet = await wallets.createEthereumWallet();
 * const provider = wallets.getEthereumProvider(wallet.address);
 */
export function createEmbeddedWallets(params: CreateEmbeddedWalletsParameters): EmbeddedWallets {
  const { session } = params;
  const chains = params.chains && params.chains.length > 0 ? params.chains : [mainnet];
  const providers = new Map<string, EmbeddedEthereumProvider>();
  let confirm: ConfirmHook | null = params.confirm ?? null;
  let current: FrameProxy | null = null;
  /** Pinless recoveries under way, by entropy id. */
  const recovering = new Map<string, Promise<{ entropyId: string }>>();

  function proxy(): FrameProxy {
    if (typeof params.proxy !== 'function') return params.proxy;
    if (current) return current;
    const made = params.proxy();
    current = made;
    made.ready.catch(() => {
      if (current !== made) return;
      current = null;
      made.destroy();
    });
    return made;
  }

  /**
   * How the frame authenticates its calls to the server. With cookie sessions page script holds
   * none: the frame, on the server's origin, authenticates its calls with the server's HttpOnly
   * cookies, so the request carries no token, only a logged-in user is required.
   */
  async function frameAuth(): Promise<FrameAuth> {
    if (session.cookieSessions) {
      if (!session.user)
        throw new EmbeddedWalletError('must_be_authenticated', embeddedMessages.notAuthenticated);
      return {};
    }
    const token = await session.getAccessToken();
    if (!token) throw new EmbeddedWalletError('must_be_authenticated', embeddedMessages.notAuthenticated);
    return { accessToken: token };
  }

  function requireEntropy(): EntropyDetails {
    const entropy = embeddedEntropy(session.user);
    if (!entropy)
      throw new EmbeddedWalletError('embedded_wallet_not_found', embeddedMessages.noWalletToConnect);
    return entropy;
  }

  /** An imported wallet is its own entropy; HD wallets share the user's. */
  function entropyOf(wallet: EmbeddedWalletAccount): EntropyDetails {
    if (!wallet.imported) return requireEntropy();
    return {
      entropyId: wallet.address,
      entropyIdVerifier:
        wallet.chainType === 'ethereum' ? 'ethereum-address-verifier' : 'solana-address-verifier',
      recoveryMethod: wallet.recoveryMethod,
    };
  }

  const call = <T>(event: string, data: Record<string, unknown>) => proxy().request<T>(event, data);

  function recover(entropy: EntropyDetails, password: string | undefined): Promise<{ entropyId: string }> {
    const run = async () => {
      const data: Record<string, unknown> = {
        ...(await frameAuth()),
        entropyId: entropy.entropyId,
        entropyIdVerifier: entropy.entropyIdVerifier,
      };
      if (password !== undefined) data.recoveryPassword = password;
      return call<{ entropyId: string }>('privy:wallets:recover', data);
    };
    if (password !== undefined) return run();
    // Pinless recoveries of one entropy asked for at once (several signatures on a new device)
    // share one run; an imported wallet's is another entropy's.
    let running = recovering.get(entropy.entropyId);
    if (!running) {
      running = run().finally(() => recovering.delete(entropy.entropyId));
      recovering.set(entropy.entropyId, running);
    }
    return running;
  }

  /**
   * Runs a frame call that needs the wallet on this device. Without the device share, a `privy`
   * wallet is recovered (no user input needed) and the call runs again; for other methods the
   * `wallet_not_on_device` error goes to the caller, who asks the user for their secret.
   */
  async function onDevice<T>(entropy: EntropyDetails, run: (auth: FrameAuth) => Promise<T>): Promise<T> {
    try {
      return await run(await frameAuth());
    } catch (error) {
      if (!isEmbeddedWalletError(error, 'wallet_not_on_device') || entropy.recoveryMethod !== 'privy')
        throw error;
      await recover(entropy, undefined);
      return run(await frameAuth());
    }
  }

  /** The refreshed user's wallet at `address`; if the refresh failed, what the frame reported. */
  async function afterChange(
    address: string,
    chainType: EmbeddedChainType,
    walletIndex: number,
    imported: { recoveryMethod: string } | null = null,
  ) {
    let user: User | null = null;
    try {
      user = await session.refreshAfterChange();
    } catch {
      // The wallet exists either way; the linked accounts catch up on the next refresh.
    }
    return (
      findEmbeddedWallet(user ?? session.user, address, chainType) ?? {
        address,
        chainType,
        walletIndex,
        chainId: chainType === 'ethereum' ? 'eip155:1' : null,
        recoveryMethod: imported
          ? imported.recoveryMethod
          : (embeddedEntropy(session.user)?.recoveryMethod ?? null),
        imported: imported !== null,
        delegated: false,
        createdAt: null,
      }
    );
  }

  function assertNoWallet(chainType: EmbeddedChainType) {
    if (embeddedWallets(session.user).some((w) => w.chainType === chainType && !w.imported))
      throw new EmbeddedWalletError('embedded_wallet_already_exists', embeddedMessages.alreadyExists);
  }

  async function addWallet(chainType: EmbeddedChainType, walletIndex: number) {
    const entropy = requireEntropy();
    const { address } = await onDevice(entropy, (auth) =>
      call<{ address: string }>('privy:wallets:add', {
        ...auth,
        entropyId: entropy.entropyId,
        entropyIdVerifier: entropy.entropyIdVerifier,
        chainType,
        hdWalletIndex: walletIndex,
      }),
    );
    return afterChange(address, chainType, walletIndex);
  }

  const rules = () => ({
    required: params.requireUserPassword?.() === true,
    walletConfig: params.walletConfig?.() ?? null,
  });
  const recoveryData = (options: CreateEmbeddedWalletOptions) => recoveryChoice(options, rules());

  const api: EmbeddedWallets = {
    list: () => embeddedWallets(session.user),
    entropy: () => embeddedEntropy(session.user),
    ready: () => proxy().ready,

    async createEthereumWallet(options = {}) {
      assertNoWallet('ethereum');
      // A user who started on Solana has an entropy already: Ethereum index 0 is derived from it.
      if (embeddedEntropy(session.user)) return addWallet('ethereum', 0);
      const data = recoveryData(options);
      const { address } = await call<{ address: string }>('privy:wallet:create', {
        ...(await frameAuth()),
        ...data,
      });
      return afterChange(address, 'ethereum', 0);
    },

    async createSolanaWallet(options = {}) {
      assertNoWallet('solana');
      const entropy = embeddedEntropy(session.user);
      let publicKey: string;
      if (entropy) {
        ({ publicKey } = await onDevice(entropy, (auth) =>
          call<{ publicKey: string }>('privy:solana-wallet:create', {
            ...auth,
            ethereumAddress: entropy.entropyId,
          }),
        ));
      } else {
        ({ publicKey } = await call<{ publicKey: string }>('privy:solana-wallet:create', {
          ...(await frameAuth()),
          ...recoveryData(options),
        }));
      }
      return afterChange(publicKey, 'solana', 0);
    },

    createAdditional(chainType, walletIndex) {
      // Spec document 1 §5: a negative walletIndex is invalid (so is one past BIP-32's range).
      if (
        walletIndex !== undefined &&
        !(Number.isSafeInteger(walletIndex) && walletIndex >= 0 && walletIndex < 2 ** 31)
      )
        return Promise.reject(new EmbeddedWalletError('invalid_input', embeddedMessages.invalidWalletIndex));
      if (!embeddedEntropy(session.user))
        return Promise.reject(
          new EmbeddedWalletError(
            'embedded_wallet_not_found',
            'An additional wallet needs an existing embedded wallet',
          ),
        );
      return addWallet(chainType, walletIndex ?? nextWalletIndex(session.user, chainType));
    },

    async connect(options = {}) {
      let entropy: EntropyDetails;
      if (options.address === undefined) entropy = requireEntropy();
      else {
        const wallet = findEmbeddedWallet(session.user, String(options.address));
        if (!wallet)
          throw new EmbeddedWalletError('embedded_wallet_not_found', embeddedMessages.noWalletForAddress);
        entropy = entropyOf(wallet);
      }
      return onDevice(entropy, (auth) =>
        call<{ entropyId: string }>('privy:wallets:connect', {
          ...auth,
          entropyId: entropy.entropyId,
          entropyIdVerifier: entropy.entropyIdVerifier,
        }),
      );
    },

    async recover(options = {}) {
      if (options.password !== undefined && typeof options.password !== 'string')
        throw new EmbeddedWalletError('invalid_input', 'Invalid recovery password');
      if (options.address === undefined) return recover(requireEntropy(), options.password);
      const wallet = findEmbeddedWallet(session.user, String(options.address));
      if (!wallet)
        throw new EmbeddedWalletError('embedded_wallet_not_found', embeddedMessages.noWalletForAddress);
      return recover(entropyOf(wallet), options.password);
    },

    assertCanSetRecovery(recoveryMethod) {
      const entropy = requireEntropy();
      recoveryChoice({ recoveryMethod }, { ...rules(), from: entropy.recoveryMethod, methodOnly: true });
    },

    async setRecovery(options) {
      const entropy = requireEntropy();
      const data = recoveryChoice(options, { ...rules(), from: entropy.recoveryMethod });
      const { currentPassword } = options;
      if (currentPassword !== undefined && typeof currentPassword !== 'string')
        throw new EmbeddedWalletError('invalid_input', 'Invalid current password');
      const reply = await onDevice(entropy, (auth) =>
        call<{ entropyId: string; entropyIdVerifier: string; recoveryMethod: string }>(
          'privy:wallets:set-recovery',
          {
            ...auth,
            entropyId: entropy.entropyId,
            entropyIdVerifier: entropy.entropyIdVerifier,
            ...data,
            ...(currentPassword ? { existingRecoveryPassword: currentPassword } : {}),
          },
        ),
      );
      try {
        await session.refreshAfterChange();
      } catch {
        // The linked accounts show the new method on the next refresh.
      }
      return reply;
    },

    async enrollDevice() {
      await call('privy:wallets:enroll-device', { ...(await frameAuth()) });
    },

    async checkPassword(options) {
      const { password, address } = (options ?? {}) as { password?: unknown; address?: string };
      if (typeof password !== 'string' || password === '')
        throw new EmbeddedWalletError('invalid_input', 'A password is required');
      let entropy: EntropyDetails | null = embeddedEntropy(session.user);
      if (address !== undefined) {
        const wallet = findEmbeddedWallet(session.user, String(address));
        if (!wallet)
          throw new EmbeddedWalletError('embedded_wallet_not_found', embeddedMessages.noWalletForAddress);
        entropy = entropyOf(wallet);
      }
      if (!entropy)
        throw new EmbeddedWalletError('embedded_wallet_not_found', embeddedMessages.noWalletToConnect);
      await call('privy:wallets:check-recovery-password', {
        ...(await frameAuth()),
        entropyId: entropy.entropyId,
        entropyIdVerifier: entropy.entropyIdVerifier,
        recoveryPassword: password,
      });
    },

    async importWallet(options) {
      const { privateKey } = (options ?? {}) as Partial<ImportEmbeddedWalletOptions>;
      // The key itself never goes into a message: only what is wrong with it.
      if (typeof privateKey !== 'string' || privateKey.trim() === '')
        throw new EmbeddedWalletError('invalid_input', 'A private key is required to import a wallet');
      const chainType = options.chainType ?? 'ethereum';
      if (chainType !== 'ethereum' && chainType !== 'solana')
        throw new EmbeddedWalletError('invalid_input', `Unsupported chain type ${String(chainType)}`);
      const data = recoveryData(options);
      const { address } = await call<{ address: string }>('privy:wallets:import', {
        ...(await frameAuth()),
        privateKey,
        chainType,
        mode: 'on-device',
        ...data,
      });
      return afterChange(address, chainType, 0, { recoveryMethod: data.recoveryMethod });
    },

    async rpc(address, chainType, request) {
      const wallet = findEmbeddedWallet(session.user, address, chainType);
      if (!wallet)
        throw new EmbeddedWalletError('embedded_wallet_not_found', embeddedMessages.noWalletForAddress);
      const entropy = entropyOf(wallet);
      const reply = await onDevice(entropy, (auth) =>
        call<{ response?: { data?: unknown } }>('privy:wallets:rpc', {
          ...auth,
          entropyId: entropy.entropyId,
          entropyIdVerifier: entropy.entropyIdVerifier,
          chainType,
          hdWalletIndex: wallet.walletIndex,
          request: { method: request.method, params: request.params },
        }),
      );
      return reply?.response?.data;
    },

    getEthereumProvider(address) {
      const wallet = findEmbeddedWallet(session.user, address, 'ethereum');
      if (!wallet)
        throw new EmbeddedWalletError('embedded_wallet_not_found', embeddedMessages.noWalletForAddress);
      const key = wallet.address.toLowerCase();
      let provider = providers.get(key);
      if (!provider) {
        provider = createEmbeddedEthereumProvider({
          address: wallet.address,
          chains,
          chainId: params.defaultChain?.id,
          sign: (request) => api.rpc(wallet.address, 'ethereum', request),
          fetch: params.fetch,
          delay: params.delay,
          confirm: (request) => (confirm ? confirm(request) : Promise.resolve()),
        });
        providers.set(key, provider);
      }
      return provider;
    },

    async signSolanaMessage(address, message) {
      if (!(message instanceof Uint8Array) || message.length === 0)
        throw new EmbeddedWalletError('invalid_input', embeddedMessages.emptyMessage);
      const data = (await api.rpc(address, 'solana', {
        method: 'signMessage',
        params: { message: bytesToBase64(message) },
      })) as { signature?: unknown } | undefined;
      if (typeof data?.signature !== 'string')
        throw new EmbeddedWalletError('error', 'Unable to sign message');
      return base64ToBytes(data.signature);
    },

    setConfirm(hook) {
      confirm = hook;
    },

    destroy() {
      for (const provider of providers.values()) provider.disconnect();
      providers.clear();
      if (typeof params.proxy !== 'function') params.proxy.destroy();
      current?.destroy();
      current = null;
    },
  };
  return api;
}
