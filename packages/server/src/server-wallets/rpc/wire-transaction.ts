/**
 * An Ethereum transaction as the REST API takes it (`params.transaction`, snake_case, quantities as
 * 0x-hex strings or numbers: `@privy-io/node`'s `UnsignedEthereumTransaction`) in the JSON-RPC form
 * `@latchkey/keys` signs (`eth_signTransaction`'s camelCase fields).
 */
const renamed: Record<string, string> = {
  gas_limit: 'gas',
  gas_price: 'gasPrice',
  max_fee_per_gas: 'maxFeePerGas',
  max_priority_fee_per_gas: 'maxPriorityFeePerGas',
  chain_id: 'chainId',
  access_list: 'accessList',
  authorization_list: 'authorizationList',
};

/** Numbers become 0x-hex (the JSON-RPC form); a number beyond 2^53 was already imprecise on the wire. */
const quantity = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? `0x${value.toString(16)}` : value;

export function rpcTransactionFromWire(transaction: Record<string, unknown>): Record<string, unknown> {
  const rpc: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(transaction)) {
    if (value === undefined || value === null) continue;
    const name = renamed[key] ?? key;
    rpc[name] =
      name === 'type' || name === 'to' || name === 'from' || name === 'data' ? value : quantity(value);
  }
  // The REST API's `type` is a number (0, 1, 2); JSON-RPC's is hex.
  if (typeof rpc.type === 'number') rpc.type = `0x${rpc.type.toString(16)}`;
  return rpc;
}
