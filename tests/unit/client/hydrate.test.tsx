// deno-lint-ignore-file require-await -- async act() callbacks flush React work; async fetch stubs mirror fetch
import { flush, hasDom } from "./dom.ts"; // first: installs the DOM
import { afterEach, describe, expect, test, vi } from "vitest";
import { act, useState } from "react";
import { renderToString } from "react-dom/server";
import {
  hydrateIsland,
  hydrateIslands,
  type IslandModule,
  parseProps,
} from "../../../client/runtime/hydrate.ts";
import DataForm, { type DataFormProps } from "../../../client/islands/DataForm.tsx";
import { apiConfig } from "../../../client/runtime/api.ts";
import { noteEarlyInput } from "../../../client/runtime/earlyInputNote.ts";
import { ISLAND_NAME_PATTERN, ISLAND_NAMES, ISLANDS } from "../../../client/islands/registry.ts";

function Counter({ start, label }: { start: number; label: string }) {
  const [n, setN] = useState(start);
  return <button type="button" onClick={() => setN(n + 1)}>{label} {n}</button>;
}

/** What the server's Island wrapper renders. */
function marker(name: string, props: Record<string, unknown>, html: string): HTMLElement {
  const el = document.createElement("div");
  el.setAttribute("data-island", name);
  el.setAttribute("data-props", JSON.stringify(props));
  el.innerHTML = html;
  document.body.appendChild(el);
  return el;
}

const modules: Record<string, IslandModule> = {
  Counter: { default: Counter as IslandModule["default"] },
  DataForm: { default: DataForm as unknown as IslandModule["default"] },
};
const loader = vi.fn(async (name: string) => {
  const mod = modules[name];
  if (!mod) throw new Error(`no island ${name}`);
  return mod;
});

describe("island registry", () => {
  test("every island has a valid name and a module path", () => {
    expect(ISLAND_NAMES).toContain("DataForm");
    for (const name of ISLAND_NAMES) {
      expect(name).toMatch(ISLAND_NAME_PATTERN);
      expect(ISLANDS[name]).toMatch(/^\.\/.+\.tsx?$/);
    }
  });
});

describe.skipIf(!hasDom)("island runtime", () => {
  afterEach(() => {
    document.body.innerHTML = "";
    loader.mockClear();
  });

  test("hydrates every marker with its props and marks it when committed", async () => {
    const a = marker("Counter", { start: 2, label: "A" }, renderToString(<Counter start={2} label="A" />));
    const b = marker("Counter", { start: 5, label: "B" }, renderToString(<Counter start={5} label="B" />));
    const events: string[] = [];
    document.addEventListener("island:hydrated", (e) => events.push((e as CustomEvent).detail.name));
    const errors = vi.spyOn(console, "error");
    await act(async () => {
      await hydrateIslands(document, loader);
    });
    await flush();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(a.hasAttribute("data-hydrated")).toBe(true);
    expect(b.hasAttribute("data-hydrated")).toBe(true);
    expect(events).toEqual(["Counter", "Counter"]);
    // the server's button element is kept and becomes interactive
    const button = b.querySelector("button")!;
    await act(async () => button.click());
    expect(button.textContent).toBe("B 6");
    // a second pass does nothing
    await act(async () => {
      await hydrateIslands(document, loader);
    });
    expect(loader).toHaveBeenCalledTimes(2);
  });

  test("an island in a closed <details> hydrates when it is opened, not before", async () => {
    const fold = document.createElement("details");
    fold.innerHTML = "<summary>Edit</summary>";
    document.body.appendChild(fold);
    const el = marker("Counter", { start: 1, label: "F" }, renderToString(<Counter start={1} label="F" />));
    fold.appendChild(el);
    loader.mockClear();
    await act(async () => {
      await hydrateIslands(fold, loader);
    });
    expect(loader).not.toHaveBeenCalled();
    expect(el.hasAttribute("data-hydrated")).toBe(false);
    await act(async () => {
      fold.open = true;
      fold.dispatchEvent(new Event("toggle")); // what the browser fires on opening
    });
    await expect.poll(() => el.hasAttribute("data-hydrated")).toBe(true);
    expect(loader).toHaveBeenCalledTimes(1);
    fold.remove();
  });

  test("a form's island waits until it is marked started, then hydrates alone", async () => {
    const waiting = marker(
      "Counter",
      { start: 1, label: "W" },
      renderToString(<Counter start={1} label="W" />),
    );
    waiting.setAttribute("data-island-when", "intent");
    const other = marker(
      "Counter",
      { start: 2, label: "O" },
      renderToString(<Counter start={2} label="O" />),
    );
    other.setAttribute("data-island-when", "intent");
    await act(async () => {
      await hydrateIslands(document, loader);
    });
    expect(loader).not.toHaveBeenCalled();
    expect(waiting.hasAttribute("data-hydrated")).toBe(false);
    // what client/runtime/intent.ts does when the user reaches for it
    waiting.setAttribute("data-island-start", "");
    await act(async () => {
      await hydrateIslands(waiting.parentNode!, loader);
    });
    await expect.poll(() => waiting.hasAttribute("data-hydrated")).toBe(true);
    expect(other.hasAttribute("data-hydrated")).toBe(false);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  test("DataForm as an island: server HTML + data-props hydrate without mismatch", async () => {
    const props: DataFormProps = {
      fields: [
        { name: "id", label: "Id", type: "id" },
        { name: "name", label: "Name", type: "text", required: true },
        { name: "sp", label: "Species", type: "multiselect", options: [{ value: "1", label: "Sheep" }] },
      ],
      initial: { id: 3, name: "x", sp: [1] },
      submit: { method: "PUT", url: "/api/x/3" },
    };
    const el = marker(
      "DataForm",
      props as unknown as Record<string, unknown>,
      renderToString(<DataForm {...props} />),
    );
    const errors: unknown[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...a) => void errors.push(a));
    const warn = vi.spyOn(console, "warn").mockImplementation((...a) => void errors.push(a));
    await act(async () => {
      await hydrateIslands(document, loader);
    });
    await flush();
    spy.mockRestore();
    warn.mockRestore();
    expect(errors).toEqual([]);
    expect(el.hasAttribute("data-hydrated")).toBe(true);
  });

  test("what was typed, ticked and chosen before hydration is React's afterwards, and is what saves", async () => {
    const props: DataFormProps = {
      fields: [
        { name: "name", label: "Name", type: "text" },
        {
          name: "kind",
          label: "Kind",
          type: "select",
          options: [{ value: "a", label: "A" }, { value: "b", label: "B" }],
        },
        { name: "active", label: "Active", type: "checkbox" },
        { name: "note", label: "Note", type: "textarea" },
      ],
      initial: { name: "server", kind: "a", active: false, note: "" },
      submit: { method: "PUT", url: "/api/x/1" },
    };
    const el = marker(
      "DataForm",
      props as unknown as Record<string, unknown>,
      renderToString(<DataForm {...props} />),
    );
    // the user, before React: the browser changes the fields itself and fires `input`, which only the
    // shell hears (its listener is installed here as the shell installs it)
    document.addEventListener("input", noteEarlyInput, true);
    const change = (selector: string, set: (field: HTMLInputElement & HTMLSelectElement) => void) => {
      const field = el.querySelector<HTMLInputElement & HTMLSelectElement>(selector)!;
      set(field);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    };
    change('[name="name"]', (f) => f.value = "typed early");
    change('[name="kind"]', (f) => f.value = "b");
    change('[name="active"]', (f) => f.checked = true);
    change('[name="note"]', (f) => f.value = "a note");
    document.removeEventListener("input", noteEarlyInput, true);
    expect(el.hasAttribute("data-touched")).toBe(true);
    const sent: unknown[] = [];
    const fetchBefore = apiConfig.fetch;
    apiConfig.fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
    }) as typeof fetch;
    try {
      await act(async () => {
        await hydrateIsland(el, loader);
      });
      // the hand-over is its own chunk, loaded only when something was touched
      await act(() => vi.waitFor(() => expect(el.hasAttribute("data-hydrated")).toBe(true)));
      await flush();
      expect(el.querySelector<HTMLInputElement>('[name="name"]')!.value).toBe("typed early");
      expect(el.textContent).not.toContain("No changes to save.");
      await act(async () => {
        el.querySelector("form")!.requestSubmit();
      });
      await flush();
      expect(sent).toEqual([{ name: "typed early", kind: "b", active: true, note: "a note" }]);
    } finally {
      apiConfig.fetch = fetchBefore;
    }
  });

  test("a mismatch is reported (the check above is meaningful)", async () => {
    marker("Counter", { start: 1, label: "Client" }, renderToString(<Counter start={1} label="Server" />));
    const reported: unknown[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...a) => void reported.push(a));
    const warn = vi.spyOn(console, "warn").mockImplementation((...a) => void reported.push(a));
    await act(async () => {
      await hydrateIslands(document, loader);
    });
    await flush();
    spy.mockRestore();
    warn.mockRestore();
    expect(reported.length).toBeGreaterThan(0);
  });

  test("a bad marker is flagged and the others still hydrate", async () => {
    const bad = marker("../evil", {}, "");
    const missing = marker("Nope", {}, "");
    const broken = document.createElement("div");
    broken.setAttribute("data-island", "Counter");
    broken.setAttribute("data-props", "{not json");
    document.body.appendChild(broken);
    const good = marker("Counter", { start: 0, label: "G" }, renderToString(<Counter start={0} label="G" />));
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    await act(async () => {
      await hydrateIslands(document, loader);
    });
    await flush();
    spy.mockRestore();
    expect(bad.hasAttribute("data-island-error")).toBe(true);
    expect(missing.hasAttribute("data-island-error")).toBe(true);
    expect(broken.hasAttribute("data-island-error")).toBe(true);
    expect(good.hasAttribute("data-hydrated")).toBe(true);
    expect(loader).not.toHaveBeenCalledWith("../evil");
  });

  test("parseProps reads data-props and defaults to {}", async () => {
    const el = document.createElement("div");
    expect(parseProps(el)).toEqual({});
    el.setAttribute("data-props", '{"a":[1,"</script>"]}');
    expect(parseProps(el)).toEqual({ a: [1, "</script>"] });
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await hydrateIsland(el, loader)).toBeNull(); // no data-island name
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});
