import type { PolicyChainType } from './server-wallet-policies.ts';

/**
 * The field sources a policy condition may read (REFERENCES §1.2, in Latchkey's scope): the chain
 * types each applies to, and its fields. `null`: a free path (calldata arguments, typed-data message
 * paths, request-body paths, `aggregation.<id>`), checked by its own rule where policies are
 * validated. The server validates against this table and the dashboard's editor offers it.
 */
export const policyFieldSources: Readonly<
  Record<string, { chains: readonly PolicyChainType[]; fields: readonly string[] | null }>
> = {
  ethereum_transaction: { chains: ['ethereum'], fields: ['to', 'value', 'chain_id'] },
  ethereum_calldata: { chains: ['ethereum'], fields: null },
  ethereum_typed_data_domain: {
    chains: ['ethereum'],
    fields: ['chainId', 'verifyingContract', 'chain_id', 'verifying_contract'],
  },
  ethereum_typed_data_message: { chains: ['ethereum'], fields: null },
  ethereum_7702_authorization: { chains: ['ethereum'], fields: ['contract'] },
  solana_program_instruction: { chains: ['solana'], fields: ['programId'] },
  solana_system_program_instruction: {
    chains: ['solana'],
    fields: ['instructionName', 'Transfer.from', 'Transfer.to', 'Transfer.lamports'],
  },
  solana_token_program_instruction: {
    chains: ['solana'],
    fields: [
      'instructionName',
      ...['source', 'destination', 'authority', 'amount'].map((f) => `Transfer.${f}`),
      ...['source', 'destination', 'authority', 'amount', 'mint'].map((f) => `TransferChecked.${f}`),
      ...['account', 'mint', 'authority', 'amount'].map((f) => `Burn.${f}`),
      ...['mint', 'account', 'authority', 'amount'].map((f) => `MintTo.${f}`),
      ...['account', 'destination', 'authority'].map((f) => `CloseAccount.${f}`),
      ...['account', 'mint', 'owner'].map((f) => `InitializeAccount3.${f}`),
    ],
  },
  system: { chains: ['ethereum', 'solana'], fields: ['current_unix_timestamp'] },
  message: { chains: ['ethereum', 'solana'], fields: ['content', 'byte_length'] },
  action_request_body: { chains: ['ethereum', 'solana'], fields: null },
  // Aggregations measure EVM methods only.
  reference: { chains: ['ethereum'], fields: null },
};
