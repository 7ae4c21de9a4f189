/**
 * An island's live updates without the push client in its own bundle: the shell already loads the client
 * after the page on every signed-in page (its own chunk), so an island asks for that same module when it
 * mounts rather than importing it statically, and hydrates without waiting for it. Events between the
 * page's render and the island joining its groups still arrive as `missed` (registrations carry the
 * render time), so nothing is lost by joining a moment later.
 */
import type { PushClient } from "./push.ts";

/**
 * Runs `use` with the page's push client once it has loaded, unless stopped first; `use` returns its own
 * stop (leave groups, drop handlers). Returns the stop to call on unmount.
 */
export function withPush(use: (push: PushClient) => () => void): () => void {
  let stopped = false;
  let stop: (() => void) | undefined;
  void import("./push.ts").then(({ push }) => {
    if (!stopped) stop = use(push);
  });
  return () => {
    stopped = true;
    stop?.();
  };
}
