// deno-lint-ignore-file require-await -- async act() callbacks flush React work; async fetch stubs mirror fetch
import { choose, click, flush, hasDom, jsonResponse, key, typeInto } from "./dom.ts"; // first: installs the DOM
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { act } from "react";
import { renderToString } from "react-dom/server";
import { hydrateRoot, type Root } from "react-dom/client";
import DataForm, { type DataFormProps, DEFAULT_SUCCESS_TOAST } from "../../../client/islands/DataForm.tsx";
import { apiConfig } from "../../../client/runtime/api.ts";
import { dismissAllToasts } from "../../../client/runtime/toast.ts";

const originalFetch = apiConfig.fetch;
const originalNavigate = apiConfig.navigate;

interface Mounted {
  container: HTMLElement;
  root: Root;
  /** console.error calls and recoverable errors seen while hydrating */
  hydrationErrors: unknown[];
  $: <T extends Element = HTMLElement>(selector: string) => T | null;
  field: (name: string) => HTMLElement | null;
  save: () => HTMLButtonElement;
  undo: () => HTMLButtonElement | null;
}

let mounted: Mounted[] = [];

/** Renders on the "server" (renderToString), then hydrates the markup like the island runtime does. */
async function mount(props: DataFormProps): Promise<Mounted> {
  const html = renderToString(<DataForm {...props} />);
  const container = document.createElement("div");
  container.setAttribute("data-island", "DataForm");
  container.innerHTML = html;
  document.body.appendChild(container);
  const hydrationErrors: unknown[] = [];
  const spy = vi.spyOn(console, "error").mockImplementation((...args) => void hydrationErrors.push(args));
  let root!: Root;
  await act(async () => {
    root = hydrateRoot(container, <DataForm {...props} />, {
      onRecoverableError: (e) => void hydrationErrors.push(e),
    });
  });
  spy.mockRestore();
  const $ = <T extends Element = HTMLElement>(s: string) => container.querySelector<T>(s);
  const m: Mounted = {
    container,
    root,
    hydrationErrors,
    $,
    field: (name) => $(`[name="${name}"]`),
    save: () => $<HTMLButtonElement>('[data-action="save"]')!,
    undo: () => $<HTMLButtonElement>('[data-action="undo"]'),
  };
  mounted.push(m);
  return m;
}

const userFields: DataFormProps["fields"] = [
  { name: "id", label: "Id", type: "id" },
  { name: "name", label: "Name", type: "text", required: true },
  { name: "email", label: "Email", type: "email" },
  {
    name: "kind",
    label: "Kind",
    type: "select",
    options: [{ value: "a", label: "A" }, { value: "b", label: "B" }],
  },
  { name: "code", label: "Code", type: "text", requiredWhen: { field: "kind", equals: "b" } },
];

describe.skipIf(!hasDom)("DataForm", () => {
  beforeEach(() => {
    apiConfig.navigate = vi.fn();
    apiConfig.fetch = vi.fn(async () => jsonResponse({}));
  });

  afterEach(() => {
    for (const m of mounted) act(() => m.root.unmount());
    mounted = [];
    document.body.innerHTML = "";
    dismissAllToasts();
    apiConfig.fetch = originalFetch;
    apiConfig.navigate = originalNavigate;
    vi.useRealTimers();
  });

  test("server HTML hydrates without mismatch warnings", async () => {
    const m = await mount({
      title: "User",
      fields: [
        ...userFields,
        { name: "roles", label: "Roles", type: "multiselect", options: [{ value: "1", label: "One" }] },
        { name: "active", label: "Active", type: "checkbox" },
        { name: "age", label: "Age", type: "number", labelWidth: "8rem", help: "Years" },
        { name: "pw", label: "Password", type: "password" },
        { name: "pw2", label: "Confirm", type: "password", matches: "pw" },
      ],
      initial: { id: 7, name: "Ann", kind: "a", roles: [1], active: true, age: 40 },
      submit: { method: "PUT", url: "/api/users/7" },
      cancelHref: "/users",
    });
    expect(m.hydrationErrors).toEqual([]);
    expect(m.$("form")).not.toBeNull();
    expect(m.$("h2")?.textContent).toBe("User");
  });

  test("the id field reads 'New' while empty and shows the id when editing", async () => {
    const created = await mount({
      fields: userFields,
      initial: {},
      submit: { method: "POST", url: "/api/users" },
    });
    expect((created.field("id") as HTMLInputElement).value).toBe("New");
    expect((created.field("id") as HTMLInputElement).readOnly).toBe(true);
    const edited = await mount({
      fields: userFields,
      initial: { id: 42, name: "Bo" },
      submit: { method: "PUT", url: "/api/users/42" },
      id: "edit",
    });
    expect((edited.field("id") as HTMLInputElement).value).toBe("42");
  });

  test("Save is disabled until every required field is filled", async () => {
    const m = await mount({ fields: userFields, initial: {}, submit: { method: "POST", url: "/api/users" } });
    expect(m.save().disabled).toBe(true);
    expect(m.field("name")?.getAttribute("aria-required")).toBe("true");
    await typeInto(m.field("name"), "   ");
    expect(m.save().disabled).toBe(true);
    await typeInto(m.field("name"), "Ann");
    expect(m.save().disabled).toBe(false);
    expect(m.save().textContent).toBe("Save");
  });

  test("requiredWhen makes a field required only while the condition holds", async () => {
    const m = await mount({ fields: userFields, initial: {}, submit: { method: "POST", url: "/api/users" } });
    await typeInto(m.field("name"), "Ann");
    expect(m.save().disabled).toBe(false);
    await choose(m.field("kind"), "b");
    expect(m.save().disabled).toBe(true);
    expect(m.field("code")?.getAttribute("aria-required")).toBe("true");
    await typeInto(m.field("code"), "X1");
    expect(m.save().disabled).toBe(false);
    await typeInto(m.field("code"), "");
    await choose(m.field("kind"), "a");
    expect(m.save().disabled).toBe(false);
    expect(m.field("code")?.hasAttribute("aria-required")).toBe(false);
  });

  test("requiredWhen can read a hidden value of initial (old password only when required)", async () => {
    const fields: DataFormProps["fields"] = [
      {
        name: "oldPassword",
        label: "Old password",
        type: "password",
        requiredWhen: { field: "requireOld", equals: true },
      },
      { name: "newPassword", label: "New password", type: "password", required: true },
    ];
    const withOld = await mount({
      fields,
      initial: { requireOld: true },
      submit: { method: "POST", url: "/api/user/changepassword" },
      id: "a",
    });
    await typeInto(withOld.field("newPassword"), "secret-123");
    expect(withOld.save().disabled).toBe(true);
    await typeInto(withOld.field("oldPassword"), "old");
    expect(withOld.save().disabled).toBe(false);

    const temporary = await mount({
      fields,
      initial: { requireOld: false },
      submit: { method: "POST", url: "/api/user/changepassword" },
      id: "b",
    });
    await typeInto(temporary.field("newPassword"), "secret-123");
    expect(temporary.save().disabled).toBe(false);
  });

  test("a required multi-select is empty while nothing is chosen", async () => {
    const m = await mount({
      fields: [{
        name: "species",
        label: "Species",
        type: "multiselect",
        required: true,
        options: [{ value: "1", label: "Sheep" }, { value: "2", label: "Beef" }],
      }],
      initial: {},
      submit: { method: "POST", url: "/api/x" },
    });
    const boxes = m.container.querySelectorAll<HTMLInputElement>('input[name="species"]');
    expect(boxes.length).toBe(2);
    expect(m.$('[role="group"]')?.getAttribute("aria-labelledby")).toBe(m.$(".field-label")?.id);
    expect(m.save().disabled).toBe(true);
    await click(boxes[1]);
    expect(boxes[1].checked).toBe(true);
    expect(m.save().disabled).toBe(false);
    await click(boxes[1]);
    expect(m.save().disabled).toBe(true);
  });

  test("a required checkbox must be ticked", async () => {
    const m = await mount({
      fields: [{ name: "agree", label: "Agree", type: "checkbox", required: true }],
      initial: {},
      submit: { method: "POST", url: "/api/x" },
    });
    expect(m.save().disabled).toBe(true);
    await click(m.field("agree"));
    expect(m.save().disabled).toBe(false);
  });

  test("when editing, Save waits for a change; Undo appears and restores the baseline", async () => {
    const m = await mount({
      fields: userFields,
      initial: { id: 5, name: "Ann", kind: "a" },
      submit: { method: "PUT", url: "/api/users/5" },
    });
    expect(m.save().disabled).toBe(true);
    expect(m.undo()).toBeNull();
    await typeInto(m.field("name"), "Anna");
    expect(m.save().disabled).toBe(false);
    expect(m.undo()).not.toBeNull();
    // typing back the original value is "no change"
    await typeInto(m.field("name"), "Ann");
    expect(m.save().disabled).toBe(true);
    expect(m.undo()).toBeNull();
    await typeInto(m.field("name"), "Anna");
    await choose(m.field("kind"), "b");
    await click(m.undo());
    expect((m.field("name") as HTMLInputElement).value).toBe("Ann");
    expect((m.field("kind") as HTMLSelectElement).value).toBe("a");
    expect(m.undo()).toBeNull();
    expect(m.save().disabled).toBe(true);
  });

  test("undo: false hides the Undo button", async () => {
    const m = await mount({
      fields: userFields,
      initial: { id: 5, name: "Ann" },
      submit: { method: "PUT", url: "/api/users/5" },
      undo: false,
    });
    await typeInto(m.field("name"), "Anna");
    expect(m.undo()).toBeNull();
  });

  test("Escape undoes the changes, and with nothing changed follows cancelHref", async () => {
    const m = await mount({
      fields: userFields,
      initial: { id: 5, name: "Ann" },
      submit: { method: "PUT", url: "/api/users/5" },
      cancelHref: "/users",
    });
    await typeInto(m.field("name"), "Anna");
    await key(m.field("name"), "Escape");
    expect((m.field("name") as HTMLInputElement).value).toBe("Ann");
    expect(apiConfig.navigate).not.toHaveBeenCalled();
    await key(m.field("name"), "Escape");
    expect(apiConfig.navigate).toHaveBeenCalledWith("/users");
    expect(m.$('a[data-action="cancel"]')?.getAttribute("href")).toBe("/users");
  });

  test("a matches field shows a check when equal and a warning otherwise, and blocks Save", async () => {
    const m = await mount({
      fields: [
        { name: "newPassword", label: "New password", type: "password", required: true },
        { name: "confirm", label: "Confirm", type: "password", required: true, matches: "newPassword" },
      ],
      initial: {},
      submit: { method: "POST", url: "/api/user/changepassword" },
      submitLabel: "Change",
    });
    const confirmRow = () => m.container.querySelector('[name="confirm"]')!.closest(".field")!;
    expect(confirmRow().querySelector(".icon-warning")).not.toBeNull();
    await typeInto(m.field("newPassword"), "abc12345");
    await typeInto(m.field("confirm"), "abc1234");
    expect(confirmRow().querySelector(".icon-warning")?.getAttribute("aria-label")).toBe("Does not match");
    expect(confirmRow().textContent).toContain("Does not match the new password.");
    expect(confirmRow().querySelector(".icon-check")).toBeNull();
    expect(m.save().disabled).toBe(true);
    await typeInto(m.field("confirm"), "abc12345");
    expect(confirmRow().querySelector(".icon-check")?.getAttribute("aria-label")).toBe("Matches");
    expect(confirmRow().querySelector(".icon-warning")).toBeNull();
    expect(confirmRow().textContent).not.toContain("Does not match");
    expect(m.save().disabled).toBe(false);
    expect(m.save().textContent).toBe("Change");
    // the new password row has no icon
    expect(m.field("newPassword")!.closest(".field")!.querySelector("svg")).toBeNull();
  });

  test("labels are 50% by default (stylesheet) and labelWidth overrides them, by a class (no inline style)", async () => {
    const m = await mount({
      fields: [
        { name: "a", label: "A", type: "text" },
        { name: "b", label: "B", type: "text", labelWidth: "8rem" },
      ],
      initial: {},
      submit: { method: "POST", url: "/api/x" },
    });
    const rows = m.container.querySelectorAll<HTMLElement>(".field");
    expect(rows[0].getAttribute("style")).toBeNull();
    expect(rows[1].getAttribute("style")).toBeNull();
    expect(rows[1].classList).toContain("label-w-8rem");
    expect(rows[0].querySelector("label")?.getAttribute("for")).toBe(m.field("a")?.id);
  });

  test("Save sends the fields (not confirm fields, plus hidden keys), toasts, and takes the result as baseline", async () => {
    let resolve!: (r: Response) => void;
    apiConfig.fetch = vi.fn(() => new Promise<Response>((r) => (resolve = r)));
    const m = await mount({
      fields: [
        { name: "id", label: "Id", type: "id" },
        { name: "name", label: "Name", type: "text", required: true },
        { name: "headCount", label: "Head", type: "number" },
        {
          name: "species",
          label: "Species",
          type: "select",
          options: [{ value: "1", label: "Sheep" }, { value: "2", label: "Beef" }],
        },
        {
          name: "sites",
          label: "Sites",
          type: "multiselect",
          options: [{ value: "10", label: "North" }, { value: "20", label: "South" }],
        },
        { name: "pw", label: "Password", type: "password" },
        { name: "pw2", label: "Confirm", type: "password", matches: "pw" },
      ],
      initial: {
        id: 9,
        name: "Pen A",
        headCount: 3,
        species: 1,
        sites: [10],
        lastModified: "2024-01-01T00:00:00Z",
      },
      submit: { method: "PUT", url: "/api/stockyard/pens/9" },
    });
    await typeInto(m.field("name"), "Pen B");
    await typeInto(m.field("headCount"), "12");
    await choose(m.field("species"), "2");
    await click(m.container.querySelectorAll('input[name="sites"]')[1]);
    await act(async () => {
      m.$<HTMLFormElement>("form")!.requestSubmit(m.save());
    });
    expect(m.save().disabled).toBe(true);
    expect(m.save().getAttribute("aria-busy")).toBe("true");

    const [url, init] = (apiConfig.fetch as ReturnType<typeof vi.fn>).mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/stockyard/pens/9");
    expect(init.method).toBe("PUT");
    expect(JSON.parse(init.body as string)).toEqual({
      lastModified: "2024-01-01T00:00:00Z",
      id: 9,
      name: "Pen B",
      headCount: 12,
      species: 2,
      sites: [10, 20],
      pw: "",
    });

    await act(async () =>
      resolve(jsonResponse({ id: 9, name: "Pen B", lastModified: "2024-01-02T00:00:00Z" }))
    );
    await flush();
    expect(document.querySelector(".toast-success .toast-message")?.textContent).toBe(DEFAULT_SUCCESS_TOAST);
    expect(m.save().hasAttribute("aria-busy")).toBe(false);
    expect(m.save().disabled).toBe(true); // nothing changed against the new baseline
    expect(m.undo()).toBeNull();
    expect(apiConfig.navigate).not.toHaveBeenCalled();
  });

  test("a new item posts, then redirectTo navigates", async () => {
    apiConfig.fetch = vi.fn(async () => jsonResponse({ id: 101 }, 201));
    const m = await mount({
      fields: userFields,
      initial: {},
      submit: { method: "POST", url: "/api/users", bodyFields: ["name"] },
      redirectTo: "/users",
      successToast: "User created",
    });
    await typeInto(m.field("name"), "Cy");
    await act(async () => m.$<HTMLFormElement>("form")!.requestSubmit(m.save()));
    await flush();
    const [, init] = (apiConfig.fetch as ReturnType<typeof vi.fn>).mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ name: "Cy" });
    // the toast travels with the navigation: the next page shows it (shell.js reads "flash")
    expect(JSON.parse(sessionStorage.getItem("flash")!)).toEqual({
      kind: "success",
      message: "User created",
    });
    sessionStorage.removeItem("flash");
    expect(apiConfig.navigate).toHaveBeenCalledWith("/users");
  });

  test("a validation error shows field messages next to the fields", async () => {
    apiConfig.fetch = vi.fn(async () =>
      jsonResponse({
        title: "Bad Request",
        message: "email: Invalid email",
        isValidation: true,
        errors: [{ field: "email", message: "Invalid email" }, { field: "other", message: "Something else" }],
      }, 400)
    );
    const m = await mount({ fields: userFields, initial: {}, submit: { method: "POST", url: "/api/users" } });
    await typeInto(m.field("name"), "Ann");
    await typeInto(m.field("email"), "ann@example.com");
    await act(async () => m.$<HTMLFormElement>("form")!.requestSubmit(m.save()));
    await flush();
    const email = m.field("email")!;
    expect(email.getAttribute("aria-invalid")).toBe("true");
    const errorId = email.getAttribute("aria-describedby")!;
    expect(document.getElementById(errorId)?.textContent).toBe("Invalid email");
    expect(m.$(".form-errors")?.textContent).toContain("other: Something else");
    expect(document.querySelector(".toast-warning")).not.toBeNull(); // api.ts toasts validation as a warning
    expect(m.save().disabled).toBe(false);
    // editing the field clears its message
    await typeInto(email, "ann@example.org");
    expect(email.hasAttribute("aria-invalid")).toBe(false);
  });

  test("Save does nothing while disabled (submit event ignored)", async () => {
    const m = await mount({ fields: userFields, initial: {}, submit: { method: "POST", url: "/api/users" } });
    await act(async () => {
      m.$<HTMLFormElement>("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    });
    expect(apiConfig.fetch).not.toHaveBeenCalled();
  });
});
