import { hasDom } from "./dom.ts"; // first: installs the DOM
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { BOOT_SCRIPT } from "../../../client/runtime/boot.ts";

let shell: typeof import("../../../client/runtime/shell.ts");

describe.skipIf(!hasDom)("shell script", () => {
  beforeAll(async () => {
    document.body.innerHTML = `
      <div class="shell">
        <header class="shell-header">
          <button type="button" data-menu-toggle aria-controls="side">Menu</button>
          <select data-theme-select aria-label="Theme">
            <option value="none">System</option><option value="dark">Dark</option><option value="light">Light</option>
          </select>
          <button type="button" data-theme-select id="theme-button"><span data-theme-label></span></button>
          <form data-autosubmit method="get" action="/home"><select name="species"><option>Sheep</option><option>Beef</option></select></form>
        </header>
        <nav class="shell-side" id="side"><a href="#x" id="link">Link</a></nav>
        <main class="shell-main"></main>
      </div>`;
    const meta = document.createElement("meta");
    meta.name = "flash";
    meta.content = JSON.stringify({ kind: "success", message: "Welcome back" });
    document.head.appendChild(meta);
    localStorage.clear();
    // the shell looks the time zone up when the page is idle; here the test calls it itself (an idle
    // callback left over would run after this file's DOM is gone)
    (globalThis as { requestIdleCallback?: () => void }).requestIdleCallback = () => {};
    shell = await import("../../../client/runtime/shell.ts");
  });
  afterEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute("data-theme");
  });

  test("an island typed into before it hydrated is marked for the hand-over; a hydrated one is not", () => {
    const main = document.querySelector("main")!;
    main.innerHTML = `<div data-island="A" id="a"><input name="x"></div>
      <div data-island="B" id="b" data-hydrated><select name="y"><option>1</option><option>2</option></select></div>`;
    const input = main.querySelector("input")!;
    input.value = "typed";
    input.dispatchEvent(new Event("input", { bubbles: true }));
    main.querySelector("select")!.dispatchEvent(new Event("input", { bubbles: true }));
    expect(document.getElementById("a")!.hasAttribute("data-touched")).toBe(true);
    expect((input as { early?: string }).early).toBe("typed"); // kept for the hand-over
    expect(document.getElementById("b")!.hasAttribute("data-touched")).toBe(false);
    main.innerHTML = "";
  });

  test("a flash meta shows a toast on load and exposes window.toast", () => {
    expect(document.querySelector(".toast-success")?.textContent).toContain("Welcome back");
    expect(document.querySelector('meta[name="flash"]')).toBeNull();
    expect(typeof (globalThis as { toast?: unknown }).toast).toBe("function");
  });

  test("the theme select stores the choice and sets html[data-theme]; none follows the system", () => {
    const select = document.querySelector<HTMLSelectElement>("select[data-theme-select]")!;
    expect(select.value).toBe("none");
    select.value = "dark";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    expect(document.documentElement.getAttribute("data-theme")).toBe("dark");
    expect(localStorage.getItem("theme")).toBe("dark");
    select.value = "none";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    expect(document.documentElement.hasAttribute("data-theme")).toBe(false);
    expect(localStorage.getItem("theme")).toBeNull();
  });

  test("a theme button cycles none → dark → light → none", () => {
    const button = document.getElementById("theme-button")!;
    button.click();
    expect(document.documentElement.getAttribute("data-theme")).toBe("dark");
    expect(button.getAttribute("aria-label")).toBe("Theme: Dark");
    button.click();
    expect(document.documentElement.getAttribute("data-theme")).toBe("light");
    expect(document.querySelector<HTMLSelectElement>("select[data-theme-select]")!.value).toBe("light");
    button.click();
    expect(document.documentElement.hasAttribute("data-theme")).toBe(false);
    expect(button.querySelector("[data-theme-label]")?.textContent).toBe("System");
  });

  test("the menu toggle opens and closes the side menu; Escape closes it", () => {
    const toggle = document.querySelector<HTMLElement>("[data-menu-toggle]")!;
    const shell = document.querySelector(".shell")!;
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    toggle.click();
    expect(shell.classList.contains("menu-open")).toBe(true);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(shell.classList.contains("menu-open")).toBe(false);
    toggle.click();
    document.getElementById("link")!.click();
    expect(shell.classList.contains("menu-open")).toBe(false);
  });

  test("changing a header picker submits its form", () => {
    const form = document.querySelector<HTMLFormElement>("form[data-autosubmit]")!;
    let submitted = 0;
    form.addEventListener("submit", (e) => {
      submitted++;
      e.preventDefault();
    });
    const select = form.querySelector("select")!;
    select.value = "Beef";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    expect(submitted).toBe(1);
  });

  test("the browser's time zone goes to the server in a cookie that lasts a day", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    document.cookie = "tz=;max-age=0;path=/";
    shell.reportTimeZone();
    expect(document.cookie).toContain(`tz=${encodeURIComponent(zone)}`);
    // while it lasts, it is not looked up again
    document.cookie = "tz=Pacific%2FKiritimati;path=/";
    shell.reportTimeZone();
    expect(document.cookie).toContain("tz=Pacific%2FKiritimati");
  });

  test("the boot script applies the stored theme before paint", () => {
    localStorage.setItem("theme", "light");
    new Function(BOOT_SCRIPT)();
    expect(document.documentElement.getAttribute("data-theme")).toBe("light");
    expect(document.documentElement.classList.contains("js")).toBe(true);
    localStorage.setItem("theme", "bogus");
    new Function(BOOT_SCRIPT)();
    expect(document.documentElement.hasAttribute("data-theme")).toBe(false);
  });
});
