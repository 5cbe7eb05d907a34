import { isLoginMethod } from '@latchkey/protocol';
import type { LatchkeyConfig } from '../types.ts';

/** The login method of a `loginMethodsAndOrder` entry: its wallets (`'metamask'`, `'detected_wallets'` …) are `'wallet'`. */
const methodOf = (option: string): ListedMethod =>
  isLoginMethod(option) || option === 'twitch' || option.startsWith('privy:')
    ? (option as ListedMethod)
    : 'wallet';

type ListedMethod = NonNullable<LatchkeyConfig['loginMethods']>[number];

/**
 * The incumbent's `PrivyClientConfig` options in Latchkey's terms, where a name or shape differs:
 * `loginMethodsAndOrder` becomes `loginMethods`, in its order, primary then overflow (it wins over
 * `loginMethods`, as there; its wallets are the one wallet button, which lists the wallets the
 * browser has), and `appearance.showWalletLoginFirst` becomes `appearance.loginGroupPriority`
 * (which wins when both are set). Everything else passes unchanged: the options named as ours, and
 * the unsupported ones, which config/unsupportedOptions.ts reports. Every option and where it goes:
 * config/incumbentOptions.ts. Run where the options are read (the modal), so none of it is in the
 * first load.
 *
 * @example
 * fromIncumbentConfig({ loginMethodsAndOrder: { primary: ['email', 'metamask', 'rainbow'] } }).loginMethods
 * // ['email', 'wallet']
 */
export function fromIncumbentConfig(config: LatchkeyConfig): LatchkeyConfig {
  const { loginMethodsAndOrder: order, appearance } = config;
  const first = appearance?.showWalletLoginFirst;
  return {
    ...config,
    loginMethods: order
      ? [...new Set([...order.primary, ...(order.overflow ?? [])].map(methodOf))]
      : config.loginMethods,
    appearance: appearance && {
      loginGroupPriority: first === undefined ? undefined : first ? 'web3-first' : 'web2-first',
      ...appearance,
    },
  };
}
