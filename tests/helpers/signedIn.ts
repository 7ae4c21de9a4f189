/**
 * The setup most browser test files share: the real app served on loopback and Chromium signed in as one
 * user at 1024×768 (toasts recorded), both closed after the file; with `{ token: true }` also an API token
 * of the same user (a session of its own: a file counting the user's sessions leaves it off); `env` makes
 * the app's configuration (a mail server, say) before it starts.
 * Register at the top of a test file.
 */
import { afterAll, beforeAll } from "vitest";
import { launchBrowser, recordToasts, signedIn, signIn } from "./browser.ts";
import { serveTestApp, TEST_PASSWORD } from "./app.ts";

export interface SignedIn {
  server: Awaited<ReturnType<typeof serveTestApp>>;
  browser: Awaited<ReturnType<typeof launchBrowser>>;
  /** the same user's API token (asked for with `{ token: true }`), for setting up and reading back */
  token: string;
}

export function signedInBrowser(
  email = "admin@demo.processor",
  opts: { token?: boolean; env?: () => Promise<Record<string, string>> } = {},
): SignedIn {
  const t = {} as SignedIn;
  beforeAll(async () => {
    t.server = await serveTestApp(await opts.env?.());
    t.browser = await launchBrowser();
    await t.browser.page.setViewportSize({ width: 1024, height: 768 });
    await recordToasts(t.browser.context);
    await signIn(t.browser.page, t.server.origin, email, TEST_PASSWORD);
    await signedIn(t.browser.page);
    if (opts.token) t.token = await t.server.login(email);
  });
  afterAll(async () => {
    await t.browser?.close();
    await t.server?.close();
  });
  return t;
}
