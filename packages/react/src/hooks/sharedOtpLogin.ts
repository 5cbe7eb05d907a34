import type { LatchkeyClient } from '@latchkey/core';
import { createOtpLoginFlow, type OtpLoginFlow } from '@latchkey/core/flows/headless';
import type { OtpFlowState } from '../flowStates.ts';

type Channel = 'email' | 'sms';

/** One code login (email or SMS) of a provider: its flow, and its state for every hook that shows it. */
export interface SharedOtpLogin {
  flow: OtpLoginFlow;
  getState(): OtpFlowState;
  subscribe(listener: () => void): () => void;
}

const byClient = new WeakMap<LatchkeyClient, Map<Channel, SharedOtpLogin>>();

/**
 * The provider's email or SMS code login, shared by every `useLoginWithEmail` / `useLoginWithSms`
 * under it, as the incumbent keeps it in its provider: an app sends the code from one screen and
 * logs in with it from another (two components, two hook instances), and both show the same state.
 *
 * @example
 * const email = sharedOtpLogin(client, 'email');
 * await email.flow.sendCode({ to: 'alice@example.com' }); // another component's hook may now loginWithCode
 */
export function sharedOtpLogin(client: LatchkeyClient, channel: Channel): SharedOtpLogin {
  let channels = byClient.get(client);
  if (!channels) {
    channels = new Map();
    byClient.set(client, channels);
  }
  let shared = channels.get(channel);
  if (!shared) {
    let state: OtpFlowState = { status: 'initial' };
    const listeners = new Set<() => void>();
    const flow = createOtpLoginFlow(client, channel, (next) => {
      state = next;
      for (const listener of listeners) listener();
    });
    shared = {
      flow,
      getState: () => state,
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    channels.set(channel, shared);
  }
  return shared;
}
