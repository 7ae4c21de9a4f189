/**
 * A span per database statement (issue 40 item 2), when Deno exports OpenTelemetry (`OTEL_DENO=true`):
 * `execute` and `batch` of a client run inside a "db" span, a child of the request's route span, named by
 * the statement's verb and table and carrying the statement text (with `?` placeholders: never the
 * values). Without OTEL the client is returned as it is: no cost at all.
 */
import type { Client, InStatement } from "@libsql/client";
import { SpanStatusCode, trace } from "@opentelemetry/api";

const tracer = trace.getTracer("abattoir-manager.db", "1");

let statementSpans = true;
/** The bench's baseline only (tests/bench/observability.ts): statements run without their spans. */
export function setStatementSpans(on: boolean) {
  statementSpans = on;
}

export function tracingOn(): boolean {
  try {
    return Deno.env.get("OTEL_DENO") === "true";
  } catch {
    return false; // no permission to read the environment: no tracing
  }
}

/** The client with a span around each statement and batch (`database` names the database, no path). */
export function traced(client: Client, database: string): Client {
  if (!tracingOn()) return client;
  const inSpan = <T>(name: string, statement: string, work: () => Promise<T>): Promise<T> =>
    !statementSpans ? work() : tracer.startActiveSpan(name, {
      attributes: { "db.system.name": "sqlite", "db.namespace": database, "db.query.text": statement },
    }, async (span) => {
      try {
        return await work();
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : "" });
        throw error;
      } finally {
        span.end();
      }
    });
  return withSpans(client, inSpan);
}

type InSpan = <T>(name: string, statement: string, work: () => Promise<T>) => Promise<T>;
type Run = (...args: unknown[]) => Promise<unknown>;

/** A client or a transaction with its statements and batches in spans (a transaction's too). */
function withSpans<T extends object>(target: T, inSpan: InSpan): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver);
      if (typeof value !== "function") return value;
      const run = value.bind(object) as Run;
      if (key === "execute") {
        return (statement: InStatement, ...rest: unknown[]) => {
          const text = sqlOf(statement);
          return inSpan(spanName(text), text, () => run(statement, ...rest));
        };
      }
      if (key === "batch") {
        return (statements: InStatement[], ...rest: unknown[]) =>
          inSpan(
            `db batch (${statements.length})`,
            statements.map(sqlOf).join(";\n"),
            () => run(statements, ...rest),
          );
      }
      if (key === "transaction") {
        return async (...args: unknown[]) => withSpans((await run(...args)) as object, inSpan);
      }
      return run;
    },
  });
}

function sqlOf(statement: InStatement): string {
  return typeof statement === "string" ? statement : statement.sql;
}

/** "select suppliers", "insert audit_log", …: the verb and the first table named. */
function spanName(sql: string): string {
  const verb = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase() ?? "statement";
  const table = /\b(?:from|into|update|join)\s+["`]?(\w+)/i.exec(sql)?.[1];
  return table ? `db ${verb} ${table}` : `db ${verb}`;
}
