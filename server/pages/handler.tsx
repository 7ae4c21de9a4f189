import { type Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { RouterProvider } from "@tanstack/react-router";
import { renderToReadableStream } from "react-dom/server";
import type { AppEnv } from "../env.ts";
import { allRoutes, lostHomePage, matchRoute, type RouteDef, selectHomePage } from "../access/mod.ts";
import { ApiError } from "../http/errors.ts";
import { isApiPath } from "../http/paths.ts";
import { clearSessionCookie, FLASH_COOKIE, setSessionCookie } from "../http/cookies.ts";
import { completeOidcSignIn } from "../auth/oidcApi.ts";
import { clientIp } from "../http/clientIp.ts";
import { localPath } from "../http/redirects.ts";
import { isSameOrigin } from "../http/access.ts";
import { declareAccess } from "../http/openapi.ts";
import { SIGNED_IN } from "../access/apiAccess.ts";
import { LoginBody } from "../auth/schemas.ts";
import { areaContext, areaContextOf } from "../areas/context.ts";
import { getDeviceCookie, setDeviceCookie } from "../auth/service.ts";
import type { PageContext } from "./context.ts";
import { createPageRouter, routingResult } from "./router.tsx";
import { APP_ROUTES, SCREENS, SHELL } from "../areas/mod.ts";
import type { RouteName } from "../access/mod.ts";
import { keepAndAnswer, keepingOf, keptAnswer } from "./keptPages.ts";
import { streamPacing } from "./streamPacing.ts";
import { loadRecharts } from "../../client/ui/charts/recharts.ts";

/** The routes whose screens are kept (screen.ts `kept`): only their addresses look for a kept page. */
const KEPT_ROUTES: RouteDef[] = allRoutes(APP_ROUTES)
  .filter((def) => SCREENS[def.name as RouteName]?.kept)
  .map(({ children: _children, ...def }) => def); // each on its own, not with the routes under it
const isKeptScreenPath = (pathname: string) => matchRoute(pathname, KEPT_ROUTES) !== undefined;

/** The page for the request's URL (streamed, or kept), or the router's redirect. */
export async function renderPage(
  c: Context<AppEnv>,
  extra: Partial<PageContext> = {},
  forcedStatus?: number,
) {
  const pacing = streamPacing();
  const context: PageContext = {
    startedAt: Date.now(),
    services: c.get("app"),
    routes: APP_ROUTES,
    today: c.get("clock").localDate,
    timeZone: c.get("clock").timeZone,
    caller: c.get("caller"),
    url: new URL(c.req.url),
    flash: takeFlash(c),
    nonce: c.get("nonce"),
    streamSent: pacing.sent,
    ...extra,
  };
  const url = context.url;
  // a page rendered before, for the same caller, address and data: answered as it was (keptPages.ts)
  const plain = forcedStatus === undefined && !context.formResult && isKeptScreenPath(url.pathname);
  const keeping = await keepingOf(c, context, plain);
  const keptPage = keeping && await keptAnswer(c, keeping);
  if (keptPage) return keptPage;
  // the charts' library is loaded with the first page, not at start (client/ui/charts/recharts.ts)
  await loadRecharts();
  const router = createPageRouter(url, context);
  await router.load();
  const result = routingResult(router);
  if (result.type === "redirect") return c.redirect(result.location, 302);
  if (!result.matchedRoute) {
    if (isApiPath(url.pathname) || url.pathname.startsWith("/static/")) return c.notFound();
    return c.redirect(homeOf(c), 302); // spec 1 §2: unknown paths go to the default route
  }
  const keep = keeping && result.status === 200 && SCREENS[result.routeName as RouteName]?.kept;
  const stream = pacing.pace(
    await renderToReadableStream(
      <RouterProvider router={router} />,
      // The data is loaded before rendering, so nothing is gained by outlining a big boundary: React would send
      // the page's main content hidden and reveal it by script after a paint (up to ~300 ms later, React 19.2).
      {
        // (a kept page is answered to later requests with other nonces: nothing on it may need one)
        nonce: keep ? undefined : context.nonce,
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // a client that left mid-page ends React's render: nothing went wrong with the page
        onError: (error) => {
          if (!pacing.gone()) console.error(`render ${url.pathname}:`, error);
        },
      },
    ),
  );
  if (keep) return await keepAndAnswer(c, keeping, stream);
  return c.body(stream, (forcedStatus ?? result.status) as 200, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
  });
}

function homeOf(c: Context<AppEnv>) {
  const caller = c.get("caller");
  return caller ? selectHomePage(caller.subject, APP_ROUTES) : "/login";
}

/**
 * Where a sign-in lands: the home page. A chosen home page no longer theirs (its module removed) gives way
 * to the fallback order, and the user is told once: the choice is then forgotten.
 */
async function homeAfterSignIn(c: Context<AppEnv>, caller: NonNullable<PageContext["caller"]>) {
  const lost = lostHomePage(caller.subject, APP_ROUTES);
  if (lost) {
    const ctx = await areaContext(c.get("app"), caller, c.get("clock").localDate);
    await SHELL.saveOwnSetting(ctx, { settingType: "homepage", value: { module: "", title: "" } });
    flash(
      c,
      "info",
      `Your home page, ${lost}, is no longer available to you, so you start on the usual page. ` +
        "Choose another under Account details.",
    );
  }
  return selectHomePage(caller.subject, APP_ROUTES);
}

/** A message for the next page (after a redirect), shown there as a toast. */
function flash(c: Context, kind: "success" | "info" | "warning" | "error", message: string) {
  setCookie(c, FLASH_COOKIE, encodeURIComponent(JSON.stringify({ kind, message })), {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    maxAge: 60,
  });
}

function takeFlash(c: Context): PageContext["flash"] {
  const raw = getCookie(c, FLASH_COOKIE);
  if (!raw) return undefined;
  deleteCookie(c, FLASH_COOKIE, { path: "/" });
  try {
    return JSON.parse(decodeURIComponent(raw));
  } catch {
    return undefined;
  }
}

/**
 * Back to the page a header picker was on: the Referer's path when it is one of this site's, else home.
 * A Referer that does not parse, or names another host, is not an error: the change is saved already.
 */
function backTo(c: Context) {
  const referer = c.req.header("referer");
  if (!referer) return "/";
  try {
    const url = new URL(referer);
    if (url.host !== new URL(c.req.url).host) return "/";
    return localPath(url.pathname + url.search) ?? "/";
  } catch {
    return "/";
  }
}

/**
 * A page form's fields as text (files and repeated fields are not text: left out), or null when the body
 * cannot be read as a form at all (a broken multipart body). Never throws: a page post answers no 500.
 */
async function readForm(c: Context): Promise<Record<string, string> | null> {
  try {
    const form = await c.req.parseBody();
    return Object.fromEntries(
      Object.entries(form).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
  } catch {
    return null;
  }
}

const UNREADABLE_FORM = "The form could not be read: reload the page and try again.";

export const pages = new Hono<AppEnv>()
  .get("/", (c) => c.redirect(homeOf(c), 302))
  // plain HTML sign-in: works without any script, and keeps the page free of React. Where it goes after is
  // decided before signing in, so nothing after the session cookie can fail (issue 35 §4).
  .post("/login", declareAccess("POST", "/login", { public: true }), async (c) => {
    const form = await readForm(c);
    const next = localPath(form?.next);
    const values = { email: (form?.email ?? "").slice(0, 320), next: next ?? "" };
    if (!form) return renderPage(c, { formResult: { error: UNREADABLE_FORM, values } }, 400);
    const parsed = LoginBody.safeParse({
      email: form.email,
      password: form.password,
      localLoginDate: form.localLoginDate || null,
      isKeepLoggedIn: form.isKeepLoggedIn === "on",
    });
    if (!parsed.success) {
      return renderPage(c, { formResult: { error: parsed.error.issues[0].message, values } }, 400);
    }
    try {
      const { token, caller, device } = await c.get("app").auth.login({
        ...parsed.data,
        keepLoggedIn: parsed.data.isKeepLoggedIn,
        ip: clientIp(c),
        device: getDeviceCookie(c),
        userAgent: c.req.header("user-agent") ?? "",
      });
      setSessionCookie(c, token, caller.session.absoluteExpiresAt);
      if (device) setDeviceCookie(c, device);
      return c.redirect(
        next ??
          (caller.user.isPasswordUpdated ? await homeAfterSignIn(c, caller) : "/user/changepassword"),
        303,
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.extra.headers?.["Retry-After"]) c.header("Retry-After", error.extra.headers["Retry-After"]);
      return renderPage(c, { formResult: { error: error.message, values } }, error.status);
    }
  })
  // the identity provider's way back (issue 19 §4): signed in and on, or this page saying why not
  .get("/oauthcallback", async (c) => {
    const query = new URL(c.req.url).searchParams;
    if (!query.has("code") && !query.has("error")) return renderPage(c);
    try {
      const { caller, next } = await completeOidcSignIn(c, query);
      return c.redirect(localPath(next) ?? await homeAfterSignIn(c, caller), 303);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return renderPage(c, { formResult: { error: error.message, values: {} } }, error.status);
    }
  })
  // a link on another site must not sign the user out: only our own pages (or a typed address) may
  .get("/logout", async (c) => {
    const caller = c.get("caller");
    if (caller && (isSameOrigin(c) || c.req.header("sec-fetch-site") === "none")) {
      await c.get("app").auth.logout(caller.session);
    } else if (caller) {
      return c.redirect(homeOf(c), 302);
    }
    clearSessionCookie(c);
    return c.redirect("/login", 302);
  })
  // header pickers: default site and species (plain forms, auto-submitted by shell.js)
  .post("/user/preferences", declareAccess("POST", "/user/preferences", SIGNED_IN), async (c) => {
    const form = await readForm(c);
    const back = backTo(c);
    if (!form) {
      flash(c, "warning", UNREADABLE_FORM);
      return c.redirect(back, 303);
    }
    const setting = form.siteId
      ? { settingType: "tenantSite", value: { defaultTenantSiteId: Number(form.siteId) } }
      : { settingType: "speciesId", value: { speciesId: Number(form.speciesId) } };
    try {
      // the users area checks the setting (400 in words) and saves it
      await SHELL.saveOwnSetting(await areaContextOf(c), setting);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      flash(c, "warning", error.message);
    }
    return c.redirect(back, 303);
  })
  // header tenant picker: a tenant the user belongs to, or any tenant for a super user
  .post("/user/tenant", declareAccess("POST", "/user/tenant", SIGNED_IN), async (c) => {
    const caller = c.get("caller")!;
    const back = backTo(c);
    const tenantId = Number((await readForm(c))?.tenantId);
    if (!Number.isSafeInteger(tenantId) || tenantId <= 0) {
      flash(c, "error", "Choose an organisation from the list.");
      return c.redirect(back, 303);
    }
    try {
      const { token, caller: next } = await c.get("app").auth.enterTenant(
        caller,
        tenantId,
        c.get("clock").localDate,
      );
      setSessionCookie(c, token, next.session.absoluteExpiresAt);
      flash(c, "success", `Now working in ${next.tenant.name}.`);
      return c.redirect(selectHomePage(next.subject, APP_ROUTES), 303);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      flash(c, "error", error.message);
      return c.redirect(back, 303);
    }
  })
  // an API path no route answered (a trailing slash, a missing id) is the catalogue's 404, never a page
  .get("*", (c) => (isApiPath(c.req.path) && !matchRoute(c.req.path) ? c.notFound() : renderPage(c)));
