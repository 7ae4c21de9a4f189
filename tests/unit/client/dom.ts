// deno-lint-ignore-file require-await -- async act() callbacks flush React work; async fetch stubs mirror fetch
/**
 * DOM for the client tests. Import this FIRST in a test file (before react-dom, which checks for a
 * DOM when it loads). It installs vitest's own jsdom environment on globalThis when the `jsdom`
 * package resolves, which needs `"jsdom": "npm:jsdom@31.0.1"` in the imports of deno.json (that puts
 * it in node_modules). Without it the DOM suites skip (`describe.skipIf(!hasDom)`) with a warning, and
 * in CI they fail (tests/helpers/required.ts).
 * (A `// @vitest-environment jsdom` docblock would fail the whole file instead, and vitest cannot
 * load `npm:` specifiers, so this is the one way that works both before and after that line.)
 */
import process from "node:process";
import { afterAll } from "vitest";
import { builtinEnvironments } from "vitest/runtime";
import { required } from "../../helpers/required.ts";

// React's development build for these files (vitest.config.ts sets NODE_ENV=production for the rest):
// act() exists only there, and only it reports attribute-level hydration mismatches. Each test file
// runs in its own forked worker and React is loaded after this line, so nothing else is affected.
process.env.NODE_ENV = "development";

let teardown: ((global: typeof globalThis) => unknown) | undefined;
let missing = "";
if (typeof document === "undefined") {
  try {
    const env = await builtinEnvironments.jsdom.setup(globalThis, {});
    teardown = env.teardown;
  } catch (error) {
    missing = error instanceof Error ? error.message : String(error);
  }
}
afterAll(async () => {
  await teardown?.(globalThis);
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** True when a DOM is installed (in CI a missing one fails the file). */
export const hasDom = required(
  "jsdom",
  typeof document !== "undefined",
  `${missing ? `${missing}; ` : ""}add "jsdom": "npm:jsdom@31.0.1" to the imports of deno.json`,
);

const { act } = await import("react");

function setNativeValue(el: HTMLInputElement | HTMLSelectElement, value: string) {
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(el, value);
}

/** Types into a controlled input the way a user would (React listens for `input`). */
export async function typeInto(el: Element | null, value: string) {
  if (!(el instanceof HTMLInputElement)) throw new Error("not an input");
  await act(async () => {
    setNativeValue(el, value);
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

export async function choose(el: Element | null, value: string) {
  if (!(el instanceof HTMLSelectElement)) throw new Error("not a select");
  await act(async () => {
    setNativeValue(el, value);
    el.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

export async function click(el: Element | null) {
  if (!(el instanceof HTMLElement)) throw new Error("not an element");
  await act(async () => {
    el.click();
  });
}

export async function key(el: Element | null, key: string) {
  if (!(el instanceof HTMLElement)) throw new Error("not an element");
  await act(async () => {
    el.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
  });
}

/** Lets pending promises and React updates settle. */
export async function flush() {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}
