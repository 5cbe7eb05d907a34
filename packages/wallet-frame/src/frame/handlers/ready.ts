/** `privy:iframe:ready`: the handshake. Answering at all tells the host the listener is installed. */
export async function ready(): Promise<Record<string, never>> {
  return {};
}
