/**
 * register/GetOAuthProviderDetail and register/OAuthSignIn (spec 1 §7, issue 19 §4). The browser's way is
 * the sign-in page's button (GetOAuthProviderDetail with redirect=true, straight to the provider) and the
 * /oauthcallback page, which finishes the sign-in with `completeOidcSignIn` (server/pages/handler.tsx).
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "@hono/zod-openapi";
import { apiRoute, type ApiRouter, apiRouter, jsonBody, okJson } from "../http/openapi.ts";
import { clearFlowCookie, setFlowCookie, setSessionCookie } from "../http/cookies.ts";
import { callbackOrigin, clientIp } from "../http/clientIp.ts";
import { localPath, NEXT_MAX } from "../http/redirects.ts";
import type { AppEnv } from "../env.ts";
import { userModel } from "./userModel.ts";
import { UserModel } from "./schemas.ts";
import { CALLBACK_PATH, decodeFlow, encodeFlow, OIDC_FLOW_COOKIE, OIDC_FLOW_SECONDS } from "./oidc.ts";
import type { SignedIn } from "./service.ts";

const tags = ["Sign-in"];

const ProviderQuery = z.object({
  provider: z.string().min(1, "Choose a sign-in provider").max(50),
  /** where to go after signing in (a path of this site) */
  next: z.string().max(NEXT_MAX).refine((next) => localPath(next) !== null, "Only a path of this site")
    .optional(),
  /** answer a redirect to the provider (the sign-in page's button) instead of JSON */
  redirect: z.enum(["true", "false"]).optional(),
});

const ProviderDetail = z.object({
  provider: z.string(),
  name: z.string(),
  authorizationUrl: z.string(),
}).openapi("OAuthProviderDetail");

const OAuthSignInBody = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  /** RFC 9207: the issuer the provider named in its answer, when it names one */
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
}).refine((b) => b.code || b.error, {
  path: ["code"],
  message: "Send the provider's answer: its code and state, or its error",
}).openapi("OAuthSignInBody");

/**
 * Finishes a sign-in from the provider's answer (the callback's query) and the flow cookie: the session
 * cookie set, the flow cookie gone. Throws a plain ApiError when the answer does not hold.
 */
export async function completeOidcSignIn(
  c: Context<AppEnv>,
  query: URLSearchParams,
): Promise<SignedIn & { next?: string }> {
  const flow = decodeFlow(getCookie(c, OIDC_FLOW_COOKIE));
  clearFlowCookie(c, OIDC_FLOW_COOKIE); // one try per flow, whatever happens
  const callbackUrl = new URL(`${callbackOrigin(c)}${CALLBACK_PATH}?${query}`);
  const auth = c.get("app").auth;
  const identity = await auth.oidc.finish(flow, callbackUrl);
  const signedIn = await auth.signInWithIdentity(identity, {
    ip: clientIp(c),
    userAgent: c.req.header("user-agent") ?? "",
    localLoginDate: c.get("clock").localDate,
  });
  setSessionCookie(c, signedIn.token, signedIn.caller.session.absoluteExpiresAt);
  return { ...signedIn, next: flow?.next };
}

export const oidcApi: ApiRouter = apiRouter()
  .openapi(
    apiRoute({
      method: "get",
      path: "/register/GetOAuthProviderDetail",
      tags,
      summary:
        "Start a sign-in with an identity provider: its authorization URL (PKCE, state and nonce kept " +
        "in a 10-minute cookie); with redirect=true, a redirect to it",
      access: { public: true },
      request: { query: ProviderQuery },
      responses: { ...okJson(ProviderDetail), 303: { description: "to the provider (redirect=true)" } },
    }),
    async (c) => {
      const { provider, next, redirect } = c.req.valid("query");
      const started = await c.get("app").auth.oidc.start(provider, callbackOrigin(c), next);
      setFlowCookie(c, OIDC_FLOW_COOKIE, encodeFlow(started.flow), OIDC_FLOW_SECONDS);
      if (redirect === "true") return c.redirect(started.authorizationUrl, 303);
      return c.json(
        { provider: started.provider, name: started.name, authorizationUrl: started.authorizationUrl },
        200,
      );
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      path: "/register/OAuthSignIn",
      tags,
      summary:
        "Finish a sign-in with an identity provider from its answer (code, state) and the flow cookie; " +
        "a verified email signs in its account, or takes up an open invitation to it",
      access: { public: true },
      request: jsonBody(OAuthSignInBody),
      responses: okJson(UserModel),
    }),
    async (c) => {
      const body = c.req.valid("json");
      const query = new URLSearchParams(
        Object.entries(body).filter((e): e is [string, string] => typeof e[1] === "string"),
      );
      const { token, caller } = await completeOidcSignIn(c, query);
      return c.json(userModel(caller, true, token), 200);
    },
  );
