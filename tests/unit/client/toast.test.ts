import { hasDom } from "./dom.ts"; // first: installs the DOM
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  dismissAllToasts,
  toast,
  TOAST_DEBOUNCE_MS,
  TOAST_DURATION_MS,
  TOAST_FALLBACK_MESSAGE,
  TOAST_MAX,
} from "../../../client/runtime/toast.ts";

const toasts = () => Array.from(document.querySelectorAll<HTMLElement>("#toasts .toast"));

describe.skipIf(!hasDom)("toast", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    dismissAllToasts();
  });
  afterEach(() => {
    dismissAllToasts();
    vi.useRealTimers();
  });

  test("identical toasts within 200 ms show once; after the pause they show again", () => {
    toast("error", "Boom", "Unexpected Error");
    vi.advanceTimersByTime(50);
    toast("error", "Boom", "Unexpected Error");
    vi.advanceTimersByTime(150);
    toast("error", "Boom", "Unexpected Error"); // still within 200 ms of the previous call
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(TOAST_DEBOUNCE_MS);
    toast("error", "Boom", "Unexpected Error");
    expect(toasts()).toHaveLength(2);
  });

  test("different toasts are not debounced", () => {
    toast("error", "Boom");
    toast("warning", "Boom");
    toast("error", "Bang");
    expect(toasts()).toHaveLength(3);
  });

  test("an empty message falls back to 'An unexpected error occurred'", () => {
    toast("error", "");
    expect(toasts()[0].querySelector(".toast-message")?.textContent).toBe(TOAST_FALLBACK_MESSAGE);
    expect(TOAST_FALLBACK_MESSAGE).toBe("An unexpected error occurred");
  });

  test("accessible: persistent live regions announce each toast (status polite, alert assertive)", () => {
    toast("success", "Saved", "Done");
    const region = document.getElementById("toasts")!;
    expect(region.getAttribute("role")).toBe("region");
    expect(region.getAttribute("aria-label")).toBe("Notifications");
    const status = document.getElementById("toast-status")!;
    const alert = document.getElementById("toast-alert")!;
    expect(status.getAttribute("role")).toBe("status");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(alert.getAttribute("role")).toBe("alert");
    expect(alert.getAttribute("aria-live")).toBe("assertive");
    vi.advanceTimersByTime(100);
    expect(status.textContent).toBe("Done: Saved");
    toast("error", "Failed");
    vi.advanceTimersByTime(100);
    expect(alert.textContent).toBe("Failed");
    const [ok, bad] = toasts();
    expect(ok.querySelector(".toast-title")?.textContent).toBe("Done");
    expect(ok.classList.contains("toast-success")).toBe(true);
    expect(bad.classList.contains("toast-error")).toBe(true);
    expect(bad.querySelector(".toast-title")).toBeNull();
  });

  test("the close button and Escape remove a toast", () => {
    toast("info", "One");
    toast("info", "Two");
    const [one, two] = toasts();
    const close = one.querySelector<HTMLButtonElement>("button.toast-close")!;
    expect(close.getAttribute("aria-label")).toBe("Close notification");
    close.click();
    two.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(toasts()).toHaveLength(0);
  });

  test("toasts dismiss themselves; hovering pauses the timer", () => {
    toast("success", "Saved");
    toast("error", "Failed");
    vi.advanceTimersByTime(TOAST_DURATION_MS.success + 10);
    expect(toasts().map((t) => t.textContent)).toEqual(["Failed"]);
    const failed = toasts()[0];
    failed.dispatchEvent(new MouseEvent("mouseenter"));
    vi.advanceTimersByTime(TOAST_DURATION_MS.error * 2);
    expect(toasts()).toHaveLength(1);
    failed.dispatchEvent(new MouseEvent("mouseleave"));
    vi.advanceTimersByTime(TOAST_DURATION_MS.error);
    expect(toasts()).toHaveLength(0);
  });

  test(`at most ${TOAST_MAX} toasts stack; the oldest go first`, () => {
    for (let i = 0; i < TOAST_MAX + 2; i++) toast("info", `n${i}`);
    expect(toasts().map((t) => t.textContent)).toEqual(
      Array.from({ length: TOAST_MAX }, (_, i) => `n${i + 2}`),
    );
  });
});
