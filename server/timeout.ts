/** A wait that gave up: the push bus and the super user's connection checks tell it apart from a refusal. */
export class TimeoutError extends Error {
  constructor(readonly ms: number) {
    super("timed out");
    this.name = "TimeoutError";
  }
}

/**
 * The promise, or a TimeoutError after `ms`. What it waits on is not cancelled (a socket's own timeout
 * ends it later); the caller just stops waiting.
 */
export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new TimeoutError(ms)), ms))),
  ]).finally(() => clearTimeout(timer));
}
