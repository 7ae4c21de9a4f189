/**
 * The XAxis `interval` that shows at most `fit` of `count` category labels (every n-th, from the first).
 * Charts are drawn on the server, where recharts cannot measure text ("preserveEnd" and its kin then keep
 * every label, overlapping), so each chart says how many of its labels fit its width.
 */
export const tickInterval = (count: number, fit: number): number => Math.max(0, Math.ceil(count / fit) - 1);

/** At most `fit` of the labels, every n-th counted back from the last (on a trend the newest is read first). */
export function labelsFromEnd(labels: readonly string[], fit: number): string[] {
  const every = tickInterval(labels.length, fit) + 1;
  return labels.filter((_, i) => (labels.length - 1 - i) % every === 0);
}
