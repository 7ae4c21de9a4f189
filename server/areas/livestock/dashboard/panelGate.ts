/**
 * A panel's figures may be held back until a promise settles: a test-only hook (no timer) so a browser
 * test can prove a dashboard panel shows while a slower one is still being worked out. Nothing in the app
 * holds a panel; with nothing held the gate costs one map lookup.
 */
const held = new Map<string, Promise<unknown>>();

/** Hold the named panel (e.g. "next60") until `until` settles; the returned function lets it go again. */
export function holdPanelForTest(name: string, until: Promise<unknown>): () => void {
  held.set(name, until);
  return () => void held.delete(name);
}

/** The panel's work, after anything holding it. */
export async function afterGate<T>(name: string, work: () => Promise<T>): Promise<T> {
  const hold = held.get(name);
  if (hold) await hold.catch(() => {});
  return await work();
}
