/** The benchmarks' one timer: sequential runs after a warm-up, p50 and p99 in milliseconds. */
export interface Timing {
  p50: number;
  p99: number;
  n: number;
}

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function time(n: number, fn: () => unknown, warmUp = 10): Promise<Timing> {
  for (let i = 0; i < Math.min(warmUp, n); i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p99: percentile(ms, 99), n };
}
