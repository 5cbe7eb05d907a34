import { describe, expect, it } from 'vitest';
import { EventStreamParser, liveEventMaxAgeMs, reopenDelayMs, SessionFeed } from './session-feed.ts';

/** A scripted server: each `connect` opens a stream the test writes events to, or refuses. */
function scripted() {
  let clock = 1_000_000;
  const streams: {
    token: string | null;
    signal: AbortSignal;
    send(event: string, data: unknown): void;
    fail(): void;
  }[] = [];
  let refuse = false;
  let ended = 0;
  const feed = new SessionFeed({
    now: () => clock,
    onEnded: () => ended++,
    connect: async (token, signal) => {
      if (refuse) throw new Error('refused');
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start: (c) => {
          controller = c;
        },
      });
      streams.push({
        token,
        signal,
        send: (event, data) =>
          controller.enqueue(new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
        fail: () => controller.error(new Error('cut')),
      });
      return body;
    },
  });
  return {
    feed,
    streams,
    get ended() {
      return ended;
    },
    refuse(value: boolean) {
      refuse = value;
    },
    advance(ms: number) {
      clock += ms;
    },
  };
}

/** Lets the feed's reading loop take what was written. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SessionFeed: the pushed session confirmation', () => {
  it('confirms the session named by a live event under 1 s old, for the token it was opened with', async () => {
    const t = scripted();
    t.feed.watch('token-a');
    await settle();
    expect(t.streams.map((s) => s.token)).toEqual(['token-a']);
    // Open but silent: nothing is confirmed yet.
    expect(t.feed.confirms('token-a', 's1')).toBe(false);
    t.streams[0]!.send('live', { session_id: 's1' });
    await settle();
    expect(t.feed.confirms('token-a', 's1')).toBe(true);
    expect(t.feed.confirms('token-a', 's2')).toBe(false);
    expect(t.feed.confirms('token-b', 's1')).toBe(false);
    expect(t.feed.confirms(null, 's1')).toBe(false);
    // A late heartbeat: the confirmation ages out, and signatures ask the server again.
    t.advance(liveEventMaxAgeMs - 1);
    expect(t.feed.confirms('token-a', 's1')).toBe(true);
    t.advance(1);
    expect(t.feed.confirms('token-a', 's1')).toBe(false);
    t.streams[0]!.send('live', { session_id: 's1' });
    await settle();
    expect(t.feed.confirms('token-a', 's1')).toBe(true);
  });

  it('on ended: onEnded at once, nothing confirmed, the stream closed', async () => {
    const t = scripted();
    t.feed.watch('token-a');
    await settle();
    t.streams[0]!.send('live', { session_id: 's1' });
    await settle();
    t.streams[0]!.send('ended', { session_id: 's1' });
    await settle();
    expect(t.ended).toBe(1);
    expect(t.feed.confirms('token-a', 's1')).toBe(false);
    expect(t.streams[0]!.signal.aborted).toBe(true);
  });

  it('a live event with malformed data confirms nothing', async () => {
    const t = scripted();
    t.feed.watch('token-a');
    await settle();
    t.streams[0]!.send('live', { session: 's1' });
    t.streams[0]!.send('live', 's1');
    await settle();
    expect(t.feed.confirms('token-a', 's1')).toBe(false);
  });

  it('a cut or refused stream confirms nothing; it is reopened on a later confirmation, not at once', async () => {
    const t = scripted();
    t.feed.watch('token-a');
    await settle();
    t.streams[0]!.send('live', { session_id: 's1' });
    await settle();
    t.streams[0]!.fail();
    await settle();
    expect(t.feed.confirms('token-a', 's1')).toBe(false);
    expect(t.ended).toBe(0);
    t.feed.watch('token-a');
    await settle();
    expect(t.streams).toHaveLength(1);
    t.advance(reopenDelayMs);
    t.refuse(true);
    t.feed.watch('token-a');
    await settle();
    expect(t.feed.confirms('token-a', 's1')).toBe(false);
    t.advance(reopenDelayMs);
    t.refuse(false);
    t.feed.watch('token-a');
    await settle();
    expect(t.streams).toHaveLength(2);
  });

  it('suspend (an MFA change) stops confirming until the next watch; the stream stays open', async () => {
    const t = scripted();
    t.feed.watch('token-a');
    await settle();
    t.streams[0]!.send('live', { session_id: 's1' });
    await settle();
    t.feed.suspend();
    expect(t.feed.confirms('token-a', 's1')).toBe(false);
    t.feed.watch('token-a');
    expect(t.feed.confirms('token-a', 's1')).toBe(true);
    expect(t.streams).toHaveLength(1);
  });

  it('a new token (a refresh) replaces the stream; stop closes it', async () => {
    const t = scripted();
    t.feed.watch('token-a');
    await settle();
    t.feed.watch('token-b');
    await settle();
    expect(t.streams.map((s) => [s.token, s.signal.aborted])).toEqual([
      ['token-a', true],
      ['token-b', false],
    ]);
    t.streams[0]!.send('live', { session_id: 's1' });
    await settle();
    expect(t.feed.confirms('token-a', 's1')).toBe(false);
    t.feed.stop();
    expect(t.streams[1]!.signal.aborted).toBe(true);
  });
});

describe('EventStreamParser', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('splits events across chunks and line endings, skipping comments and events without data', () => {
    const parser = new EventStreamParser();
    expect(parser.push(bytes('event: live\ndata: {"a"'))).toEqual([]);
    expect(
      parser.push(bytes(':1}\n\n: comment\n\nevent: ended\r\ndata:x\r\ndata: y\r\n\r\nevent: x\n\n')),
    ).toEqual([
      { event: 'live', data: '{"a":1}' },
      { event: 'ended', data: 'x\ny' },
    ]);
    expect(parser.push(bytes('data: plain\n\n'))).toEqual([{ event: 'message', data: 'plain' }]);
  });
});
