/**
 * A streamed page's pace: lets the page's slow parts (the dashboard's panels, whose embedded-database
 * queries hold the event loop) wait until what React has written so far has left for the client. Without
 * it a panel's synchronous query started while the shell was still being written held the shell's later
 * chunks back, and every panel reached the browser at once with the slowest.
 *
 * `pace(stream)` wraps React's stream: each time the response asks for more, everything React has
 * written already goes as one chunk; when it asks and React has nothing ready, all that was written has
 * been taken, and `sent()`'s waiters go on (after one turn of the event loop, so the socket's write runs
 * before any synchronous work that follows).
 */
export interface StreamPacing {
  /** Resolves once the page's shell, and all React has written since, has been taken by the response. */
  sent(): Promise<void>;
  /** The page's stream, paced; call once with React's stream. */
  pace(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array>;
  /** Whether the client went away before the page was all sent (React's render then ends: no error). */
  gone(): boolean;
}

const NOTHING_YET = Symbol("nothing yet");

export function streamPacing(): StreamPacing {
  let drained = false;
  let gone = false;
  let waiters: (() => void)[] = [];
  const release = () => {
    const go = waiters;
    waiters = [];
    if (go.length) setTimeout(() => go.forEach((w) => w()), 0);
  };
  return {
    gone: () => gone,
    sent: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        if (drained) release();
      }),
    pace(stream) {
      const reader = stream.getReader();
      let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
      const readNow = () => {
        const next = pending ?? reader.read();
        pending = next;
        // a read of a queued chunk is already settled: it wins the race against a settled promise
        return Promise.race([next, Promise.resolve(NOTHING_YET)]);
      };
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          let first = await readNow();
          if (first === NOTHING_YET) {
            drained = true;
            release();
            first = await pending!;
          }
          pending = null;
          drained = false;
          if (first.done) {
            drained = true;
            release();
            controller.close();
            return;
          }
          const parts = [first.value];
          let done = false;
          for (;;) {
            const more = await readNow();
            if (more === NOTHING_YET) break;
            pending = null;
            if (more.done) {
              done = true;
              break;
            }
            parts.push(more.value);
          }
          controller.enqueue(parts.length === 1 ? parts[0] : concat(parts));
          if (done) {
            drained = true;
            release();
            controller.close();
          }
        },
        cancel(reason) {
          gone = true;
          waiters = []; // the client went away: the page's slow parts need not run
          return reader.cancel(reason);
        },
      }, { highWaterMark: 0 });
    },
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}
