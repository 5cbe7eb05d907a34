import { type AppConfigFields, fundingConfigEnabled } from '@latchkey/protocol';
import type { SigningContent } from './content.ts';
import type { BatchStep, ConfirmChoice, SigningSession } from './queue.ts';

/**
 * Whether the app funds wallets (spec document 2 §5: funding must be enabled in the app config with
 * at least one supported method or option). Then a short balance offers 'Add funds' on the confirm
 * screens instead of a disabled Approve.
 */
export function fundingEnabled(app: Pick<AppConfigFields, 'funding_config'> | null | undefined): boolean {
  return fundingConfigEnabled(app?.funding_config ?? null);
}

/**
 * Shows what `price` makes and waits for the user's choice; after 'Add funds' brought more balance
 * ('funded') the request is priced again (new balance, new verdict) and shown anew.
 */
export async function confirmPriced(
  session: SigningSession,
  price: () => Promise<SigningContent>,
  step: BatchStep | null = null,
): Promise<Exclude<ConfirmChoice, 'funded'>> {
  for (;;) {
    const choice = await session.confirm(await price(), step);
    if (choice !== 'funded') return choice;
  }
}
