import {
  type AnyRoute,
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  redirect,
  useMatches,
  useRouterState,
} from "@tanstack/react-router";
import { allRoutes, type RouteDef, whyNotOpen } from "../access/mod.ts";
import { fillParams } from "../access/match.ts";
import { requiredRedirect } from "../access/required.ts";
import { ApiError } from "../http/errors.ts";
import type { z } from "zod";
import type { PageContext } from "./context.ts";
import { Document } from "./Document.tsx";
import { Shell } from "./Shell.tsx";
import { SCREENS, SHELL } from "../areas/mod.ts";
import type { RouteName } from "../access/mod.ts";
import { NotBuilt } from "./NotBuilt.tsx";
import { ErrorPanel } from "./ErrorPanel.tsx";

export const CHANGE_PASSWORD_PATH = "/user/changepassword";

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    def?: RouteDef;
  }
}

function RootLayout() {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const def = leaf?.staticData?.def;
  const context = leaf?.context as PageContext;
  const title = def?.title ?? "Not found";
  const bare = !context.caller || def?.public;
  if (def?.tv && context.caller) {
    const TvDocument = SHELL.tvDocument;
    return (
      <TvDocument title={title} since={context.startedAt ?? Date.now()}>
        <Outlet />
      </TvDocument>
    );
  }
  return (
    <Document
      title={title}
      flash={context.flash}
      pushSince={bare ? undefined : context.startedAt ?? Date.now()}
      plantZone={!!context.caller?.plantTimeZone}
    >
      {bare
        ? (
          <main className="auth-main">
            <Outlet />
          </main>
        )
        : (
          <Shell context={context} current={def}>
            <Outlet />
          </Shell>
        )}
    </Document>
  );
}

/** The ApiError behind a route's failure (the router wraps a search schema's error in its own). */
function apiErrorOf(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof ApiError ? cause : null;
}

function RouteError({ error }: { error: unknown }) {
  const known = apiErrorOf(error);
  return <ErrorPanel status={known?.status ?? 500} message={known?.message} />;
}

/** A page's search schema: a value it cannot use is a 400 in plain words, never a server error. */
function searchValidator(schema: z.ZodType) {
  return (raw: unknown) => {
    // a GET form sends the fields left blank ("speciesId=" for "All"): blank means not chosen. The router
    // lays the page's search over the address's, so a blank key is answered as undefined, not left out.
    const blanks = raw && typeof raw === "object"
      ? Object.keys(raw).filter((k) => (raw as Record<string, unknown>)[k] === "")
      : [];
    const given = blanks.length
      ? Object.fromEntries(Object.entries(raw as object).filter(([k]) => !blanks.includes(k)))
      : raw;
    const parsed = schema.safeParse(given);
    if (parsed.success) {
      return blanks.length
        ? { ...Object.fromEntries(blanks.map((k) => [k, undefined])), ...(parsed.data as object) }
        : parsed.data;
    }
    const fields = [...new Set(parsed.error.issues.map((i) => i.path.join(".")))].join(", ");
    throw ApiError.badRequest(
      `The address has a value this page cannot use (${fields}). Open the page from the menu.`,
    );
  };
}

const rootRoute = createRootRouteWithContext<PageContext>()({
  component: RootLayout,
  errorComponent: RouteError,
  notFoundComponent: () => <ErrorPanel status={404} />,
});

/**
 * The guard every page runs before it loads: public pages are open; others need a session; a user with
 * something required (a temporary password) goes to /user/required; then the one access policy decides.
 */
function guard(def: RouteDef, context: PageContext, pathname: string, params: Record<string, string>) {
  const { caller } = context;
  if (def.public) return;
  if (!caller) throw redirect({ href: `/login?next=${encodeURIComponent(pathname)}` });
  const required = requiredRedirect(caller.user, pathname);
  if (required) throw redirect({ href: required });
  if (def.redirectTo) throw redirect({ href: fillParams(def.redirectTo, params) });
  const refusal = whyNotOpen(caller.subject, def);
  if (refusal) throw ApiError.forbidden(`You cannot open this page. ${refusal}`);
}

/** A screen without a search schema takes the address's search as it is. */
const anySearch = (raw: unknown): Record<string, unknown> => (raw ?? {}) as Record<string, unknown>;

function pageRoute(def: RouteDef): AnyRoute {
  const screen = SCREENS[def.name as RouteName];
  const Component = screen?.component;
  const load = screen?.loader;
  return createRoute({
    getParentRoute: () => rootRoute,
    path: def.path,
    staticData: { def },
    // no zod defaults in these schemas: a default makes the router redirect to the "canonical" URL
    validateSearch: screen?.validateSearch ? searchValidator(screen.validateSearch) : anySearch,
    loaderDeps: ({ search }) => search as Record<string, unknown>,
    beforeLoad: ({ context, location, params }) =>
      guard(def, context, location.pathname, params as Record<string, string>),
    loader: load
      ? ({ context, params, deps }) =>
        load({ context, params: params as Record<string, string>, search: deps ?? {} })
      : undefined,
    component: Component
      ? function ScreenRoute() {
        const match = useMatches().at(-1)!;
        return (
          <Component
            data={match.loaderData}
            search={match.search}
            params={match.params}
            context={match.context as PageContext}
          />
        );
      }
      : () => <NotBuilt def={def} />,
  });
}

const routeTree = rootRoute.addChildren([...allRoutes()].map(pageRoute));

/** A router for one request (the server renders each request with its own). */
export function createPageRouter(url: URL, context: PageContext) {
  return createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [url.pathname + url.search] }),
    context,
    isServer: true,
    defaultPendingMs: 0,
    defaultErrorComponent: RouteError,
  });
}

export type PageRouter = ReturnType<typeof createPageRouter>;

/**
 * What the router decided: render (with a status) or redirect. TanStack keeps this on a private field
 * when used without TanStack Start; reading it here keeps that detail in one place.
 */
export function routingResult(router: PageRouter):
  | { type: "redirect"; location: string }
  | { type: "render"; status: number; matchedRoute: boolean; routeName?: string } {
  // deno-lint-ignore no-explicit-any
  const result = (router as any)._serverResult;
  if (result?.type === "redirect") {
    return {
      type: "redirect",
      location: result.redirect.headers.get("Location") ?? result.redirect.options.href,
    };
  }
  // deno-lint-ignore no-explicit-any
  const matches = (result?.matches ?? []) as any[];
  const failed = matches.find((m) => m.status === "error");
  const status = failed ? (apiErrorOf(failed.error)?.status ?? 500) : (result?.status ?? 200);
  const routeName = matches.at(-1)?.staticData?.def?.name as string | undefined;
  return { type: "render", status, matchedRoute: matches.length > 1, routeName };
}

export { useRouterState };
