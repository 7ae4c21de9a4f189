/**
 * Traces through Deno's built-in OpenTelemetry (issue 40 item 2). With `OTEL_DENO=true` Deno registers
 * its tracer provider with `@opentelemetry/api` and exports over OTLP (OTEL_EXPORTER_OTLP_*); without it
 * the API's tracer is a no-op and a span costs a few allocations. Deno.serve's own span is the parent:
 * the route span, the database statements (db/tracing.ts) and the push fan-out are its children.
 */
import { type Attributes, INVALID_SPAN_CONTEXT, type Span, SpanStatusCode, trace } from "@opentelemetry/api";

export const tracer = trace.getTracer("abattoir-manager", "1");

let spansOn = true;
/** The bench's baseline only (tests/bench/observability.ts): the app's own spans off. */
export function setSpans(on: boolean) {
  spansOn = on;
}

/** Runs `work` inside a span named `name` (active for what it awaits), ending it when `work` settles. */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  if (!spansOn) return work(trace.wrapSpanContext(INVALID_SPAN_CONTEXT));
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: error instanceof Error ? error.message : String(error),
      });
      throw error;
    } finally {
      span.end();
    }
  });
}
