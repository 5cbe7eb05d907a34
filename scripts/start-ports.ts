import { createServer } from 'node:net';

export interface PortUse {
  port: number;
  /** What `npm start` runs on it, in words. */
  part: string;
  /** The flag that moves it. */
  flag: string;
}

/** The ports of `uses` that cannot be listened on at 127.0.0.1 (in use, or needing privileges). */
export async function busyPorts(uses: PortUse[]): Promise<PortUse[]> {
  const free = await Promise.all(uses.map(({ port }) => canListen(port)));
  return uses.filter((_, i) => !free[i]);
}

function canListen(port: number): Promise<boolean> {
  if (!Number.isInteger(port) || port === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}
