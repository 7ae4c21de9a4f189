/**
 * Traces through Deno's built-in OpenTelemetry (issue 40 item 2). With `OTEL_DENO=true` Deno registers
 * its tracer provider with `@opentelemetry/api` and exports over OTLP (OTEL_EXPORTER_OTLP_*); without it
 * the API's tracer is a no-op and a span costs a few allocations. Deno.serve's own span is the parent:
 * the route span, the database statements (db/tracing.ts) and the push fan-out are its children.
 */
import { type Attributes, INVALID_SPAN_CONTEXT, type Span, SpanStatusCode, trace } from "@opentelemetry/api";

export const tracer = trace.getTracer("abattoir-manager", "1");

// Deno registers its provider only with OTEL_DENO=true; otherwise no span is made at all (the API's no-op
// tracer still cost tens of microseconds a request in an async wrapper)
let spansOn = true;
const NO_SPAN = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);
spansOn = tracingOn();
function tracingOn(): boolean {
  try {
    return Deno.env.get("OTEL_DENO") === "true";
  } catch {
    return false; // no permission to read the environment: no tracing
  }
}

/** The bench's baseline only (tests/bench/observability.ts): the app's own spans off. */
export function setSpans(on: boolean) {
  spansOn = on && tracingOn();
}

/** Runs `work` inside a span named `name` (active for what it awaits), ending it when `work` settles. */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  if (!spansOn) return work(NO_SPAN);
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
