/**
 * A streamed page's pace (server/pages/streamPacing.ts): what React wrote goes in one chunk each time the
 * response asks, and a client that leaves mid-page is known (`gone`), so the render it ends is not logged
 * as the page's error.
 */
import { describe, expect, it } from "vitest";
import { streamPacing } from "../../../server/pages/streamPacing.ts";

const bytes = (s: string) => new TextEncoder().encode(s);

/** React's stream stand-in: the parts written so far, the rest when `more` is called. */
function written(parts: string[]) {
  let more: (() => void) | null = null;
  let cancelled: unknown = "not cancelled";
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of parts) controller.enqueue(bytes(p));
      more = () => {
        controller.enqueue(bytes("tail"));
        controller.close();
      };
    },
    cancel(reason) {
      cancelled = reason;
    },
  });
  return { stream, more: () => more!(), cancelled: () => cancelled };
}

describe("streamPacing", () => {
  it("sends what is written as one chunk, the rest when it comes; a page read to its end is not gone", async () => {
    const pacing = streamPacing();
    const react = written(["<html>", "<body>"]);
    const reader = pacing.pace(react.stream).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("<html><body>");
    react.more();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("tail");
    expect((await reader.read()).done).toBe(true);
    expect(pacing.gone()).toBe(false);
  });

  it("a client that leaves mid-page is gone, and React's stream is cancelled with its reason", async () => {
    const pacing = streamPacing();
    const react = written(["<html>"]);
    const reader = pacing.pace(react.stream).getReader();
    await reader.read();
    await reader.cancel("client closed");
    expect(pacing.gone()).toBe(true);
    expect(react.cancelled()).toBe("client closed");
  });
});
