/**
 * A heavy module loaded on first use, once (issue 40, ready time): recharts and @react-pdf/renderer cost
 * seconds of start-up CPU that no request needs before /readyz answers. The import runs at the first call;
 * later calls share it, and a failed import is tried again at the next call.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    loading ??= load().catch((error) => {
      loading = undefined;
      throw error;
    });
}
