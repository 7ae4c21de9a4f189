/**
 * The test results viewer of the testing home (issue 43 item 4): the newest runs (date, commit, counts,
 * duration, pass rate), the pass-rate trend as a recharts SVG drawn on the server, and the failures of
 * the newest failing runs, each folded (message first, the stack inside; React escapes both).
 */
import { CartesianGrid, Line, LineChart, XAxis, YAxis } from "../../../../../client/ui/charts/recharts.ts";
import { StyleFreeChart } from "../../../../../client/ui/charts/StyleFreeChart.tsx";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDateTime } from "../../../../../kernel/format.ts";
import type { AreaContext } from "../../../context.ts";
import { latestRuns } from "../operations.ts";
import { formatRate, formatSeconds, passRate } from "../rules.ts";
import type { TestRunRecord } from "../schemas.ts";
import { tickInterval } from "../../../../../client/ui/charts/tickInterval.ts";

/** How many failing runs show their failures. */
const FAILING_RUNS_SHOWN = 3;

export const testResultsPanelData = (ctx: AreaContext) => latestRuns(ctx);

function Trend({ runs, timeZone }: { runs: TestRunRecord[]; timeZone: string }) {
  const data = [...runs].reverse().map((r) => ({
    label: formatDateTime(r.startedAt, timeZone).split(",")[0],
    rate: (passRate(r) ?? 0) * 100,
  }));
  const summary = runs.length
    ? `The newest run passed ${
      formatRate(passRate(runs[0]))
    } of its tests; the chart shows the last ${runs.length}.`
    : "No runs yet.";
  return (
    <figure className="test-trend" data-chart="pass-rate">
      <figcaption>Pass rate, oldest to newest</figcaption>
      <StyleFreeChart className="test-trend-plot">
        <LineChart
          width={760}
          height={200}
          data={data}
          title="Pass rate of the test runs"
          desc={summary}
          margin={{ top: 8, right: 16, bottom: 4, left: 4 }}
        >
          <CartesianGrid vertical={false} />
          <XAxis dataKey="label" tickMargin={6} interval={tickInterval(data.length, 10)} />
          <YAxis domain={[0, 100]} tickFormatter={(n: number) => `${n} %`} width={56} />
          <Line dataKey="rate" className="test-trend-line" isAnimationActive={false} dot />
        </LineChart>
      </StyleFreeChart>
      <p className="sr-only">{summary}</p>
    </figure>
  );
}

function Failures({ run, timeZone }: { run: TestRunRecord; timeZone: string }) {
  return (
    <section className="test-failures" data-run={run.id}>
      <h3>
        {run.name} at {run.commit.slice(0, 8)}, {formatDateTime(run.startedAt, timeZone)}:{" "}
        {run.failed + run.errors} failing
      </h3>
      {run.failures.map((f, i) => (
        <details key={i} className="test-failure">
          <summary>
            <span className={f.kind === "error" ? "badge badge-danger" : "badge badge-warning"}>
              {f.kind === "error" ? "Error" : "Failed"}
            </span>{" "}
            <strong>{f.name}</strong> <span className="muted small">{f.suite}</span>
            <div className="test-failure-message">{f.message}</div>
          </summary>
          <pre className="test-failure-stack">{f.stack || "No stack in the report."}</pre>
        </details>
      ))}
      {run.failuresLeftOut > 0 && (
        <p className="muted small">{run.failuresLeftOut} more failures are counted but not kept.</p>
      )}
    </section>
  );
}

export function TestResultsPanel({ runs, timeZone }: { runs: TestRunRecord[]; timeZone: string }) {
  const failing = runs.filter((r) => r.failures.length > 0).slice(0, FAILING_RUNS_SHOWN);
  return (
    <section className="panel" aria-labelledby="test-results-title" data-panel="test-results">
      <h2 id="test-results-title">Test results</h2>
      {runs.length === 0
        ? (
          <p className="muted">
            No test runs yet. CI uploads them with <code>deno task test:upload-results</code>.
          </p>
        )
        : (
          <>
            <Trend runs={runs} timeZone={timeZone} />
            <Table<TestRunRecord>
              rows={runs}
              rowKey={(r) => r.id}
              empty="No test runs yet."
              columns={[
                { header: "Run", cell: (r) => formatDateTime(r.startedAt, timeZone) },
                { header: "Tests", cell: (r) => r.name },
                {
                  header: "Commit",
                  cell: (r) => <code title={r.branch ?? undefined}>{r.commit.slice(0, 8)}</code>,
                },
                { header: "Passed", className: "num", cell: (r) => r.passed.toLocaleString("en-AU") },
                {
                  header: "Failed",
                  className: "num",
                  cell: (r) => {
                    const n = r.failed + r.errors;
                    return n ? <span className="badge badge-danger">{n.toLocaleString("en-AU")}</span> : "0";
                  },
                },
                { header: "Skipped", className: "num", cell: (r) => r.skipped.toLocaleString("en-AU") },
                { header: "Took", className: "num nowrap", cell: (r) => formatSeconds(r.durationSeconds) },
                { header: "Pass rate", className: "num", cell: (r) => formatRate(passRate(r)) },
              ]}
            />
            {failing.map((r) => <Failures key={r.id} run={r} timeZone={timeZone} />)}
          </>
        )}
    </section>
  );
}
