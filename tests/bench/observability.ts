/**
 * What a request's log line and spans cost (issue 40 item 2; bound: ≤ 5% of a signed-in request's
 * throughput). One app, one signed-in GET (`/login/usermodel`) over a kept-alive loopback connection to
 * Deno.serve (the slow-client guard left out: the share is larger without it), alternately as shipped (a JSON line per
 * request gathered and written to a file as shipped, the route span, a span per database statement) and with the line and the
 * spans off; the medians compared (the machine's load falls on both alike). Spans are real only when the
 * process runs with OTEL_DENO=true (Deno then exports them); otherwise @opentelemetry/api's tracer is a
 * no-op and the statements are not wrapped. Run alone: `deno run -A tests/bench/observability.ts`.
 */
import { startTestApp } from "../helpers/app.ts";
import { bufferedSink, flushLog, setLogLevel, setLogSink } from "../../server/ops/log.ts";
import { setSpans } from "../../server/ops/telemetry.ts";
import { setStatementSpans, tracingOn } from "../../db/tracing.ts";
import { percentile } from "./timing.ts";

export interface ObservabilityBench {
  otel: boolean;
  requests: number;
  /** median ms of the request as shipped and without the line and spans */
  observedMs: number;
  bareMs: number;
  /** throughput lost to the log line and spans: 1 − bare / observed (medians) */
  cost: number;
}

/** The shipped app's line and spans on, or all off (the baseline). */
function as(on: boolean) {
  setLogLevel(on ? "info" : "off");
  setSpans(on);
  setStatementSpans(on);
}

export async function benchObservability(rounds = 2000): Promise<ObservabilityBench> {
  const t = await startTestApp();
  const logFile = await Deno.open(await Deno.makeTempFile({ prefix: "abattoir-log-" }), { write: true });
  const previousSink = setLogSink(bufferedSink(logFile));
  try {
    const token = await t.login("admin@demo.processor");
    // over a loopback socket, kept alive: what a plant PC's request costs the server
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => t.app.fetch(req));
    const url = `http://127.0.0.1:${server.addr.port}/login/usermodel`;
    const headers = { authorization: `Bearer ${token}` };
    const times = { observed: [] as number[], bare: [] as number[] };
    for (let i = 0; i < rounds + 100; i++) {
      // in turns, so the machine's changing load falls on both alike; the first 100 warm up
      for (const which of ["observed", "bare"] as const) {
        as(which === "observed");
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (i >= 100) times[which].push(performance.now() - t0);
      }
    }
    await server.shutdown();
    const median = (ms: number[]) => percentile(ms.toSorted((a, b) => a - b), 50);
    const observedMs = median(times.observed);
    const bareMs = median(times.bare);
    return { otel: tracingOn(), requests: rounds, observedMs, bareMs, cost: 1 - bareMs / observedMs };
  } finally {
    as(true);
    setLogLevel("warn");
    flushLog();
    setLogSink(previousSink);
    logFile.close();
    await t.close();
  }
}

if (import.meta.main) {
  const b = await benchObservability();
  console.log(
    `log line + spans (OTEL ${b.otel ? "on" : "off"}): ${b.observedMs.toFixed(3)} ms against ` +
      `${b.bareMs.toFixed(3)} ms without (medians of ${b.requests}), cost ${(b.cost * 100).toFixed(1)}% of ` +
      "throughput (bound 5%)",
  );
}
