/**
 * A real OpenID Connect provider for tests (the oidc-provider package, with its development login and
 * consent pages: any login name and password are accepted; the login is the account's email). It sits
 * behind a small pass-through proxy, which is the issuer address: with `tamper` set, the proxy spoils the
 * ID token's signature in the token endpoint's answer, as a forger in the middle would.
 */
import Provider from "oidc-provider";

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** call once the app's address is known: its /oauthcallback becomes the client's redirect address */
  start(appOrigin: string): Promise<void>;
  tamper: { signature: boolean };
  close(): Promise<void>;
}

/** A free loopback port (the provider's issuer must be known before the app starts). */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

export function createTestIdp(): TestIdp {
  const proxyPort = freePort();
  const issuer = `http://127.0.0.1:${proxyPort}`;
  const tamper = { signature: false };
  let proxy: Deno.HttpServer | undefined;
  let server: { close(cb?: () => void): void } | undefined;
  return {
    issuer,
    clientId: "abattoir-app",
    clientSecret: "abattoir-app-secret",
    tamper,
    async start(appOrigin: string) {
      const provider = new Provider(issuer, {
        clients: [{
          client_id: "abattoir-app",
          client_secret: "abattoir-app-secret",
          redirect_uris: [`${appOrigin}/oauthcallback`],
        }],
        // the login typed on the provider's page is the email; "unverified…" ones are not confirmed
        findAccount: (_ctx: unknown, id: string) => ({
          accountId: id,
          claims: () => ({
            sub: id,
            email: id,
            email_verified: !id.startsWith("unverified"),
            given_name: "Ida",
            family_name: "Provider",
          }),
        }),
        claims: { email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
        features: { devInteractions: { enabled: true } },
        pkce: { required: () => true },
      });
      provider.on("server_error", (_ctx: unknown, error: Error) => console.warn("test idp:", error.stack));
      provider.proxy = true; // trusts X-Forwarded-Host from the proxy in front
      const innerPort = freePort();
      server = provider.listen(innerPort);
      proxy = Deno.serve({ port: proxyPort, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
        const url = new URL(req.url);
        const headers = new Headers(req.headers);
        // the provider names its endpoints after the host it is asked on: the proxy's
        headers.set("x-forwarded-host", `127.0.0.1:${proxyPort}`);
        headers.set("x-forwarded-proto", "http");
        const res = await fetch(`http://127.0.0.1:${innerPort}${url.pathname}${url.search}`, {
          method: req.method,
          headers,
          body: req.body,
          redirect: "manual",
        });
        if (!tamper.signature || url.pathname !== "/token" || !res.ok) return res;
        const body = await res.json();
        const [head, payload, signature] = String(body.id_token).split(".");
        const flipped = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
        return Response.json({ ...body, id_token: `${head}.${payload}.${flipped}` });
      });
      await new Promise((r) => setTimeout(r, 100));
    },
    async close() {
      await proxy?.shutdown();
      await new Promise<void>((resolve) => server ? server.close(() => resolve()) : resolve());
    },
  };
}

/**
 * Signs in at the provider as `login` without a browser (its development login and consent forms, posted
 * with the cookies it sets): answers the URL it sends the browser back to (the app's /oauthcallback?…).
 */
export async function loginAtIdp(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers ?? {}), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = pair.split("=");
      jar.set(name.trim(), value.join("="));
    }
    const location = res.headers.get("location");
    if (location) {
      await res.body?.cancel();
      const next = new URL(location, url);
      if (next.pathname === "/oauthcallback") return next;
      url = next.href;
      init = {};
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`test idp: no form at ${url}: ${html.slice(0, 200)}`);
    const form = new URLSearchParams();
    for (const [tag] of html.matchAll(/<input[^>]*>/g)) {
      const name = /name="([^"]+)"/.exec(tag)?.[1];
      if (name) form.set(name, /value="([^"]*)"/.exec(tag)?.[1] ?? "");
    }
    if (form.has("login")) form.set("login", login);
    if (form.has("password")) form.set("password", "any");
    url = new URL(action, url).href;
    init = {
      method: "POST",
      body: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    };
  }
  throw new Error("test idp: too many hops");
}
