/**
 * "Sign in with …" through OpenID Connect (issue 19 §4, spec 1 §2 oauthcallback, §7 GetOAuthProviderDetail,
 * OAuthSignIn): the authorization code flow with PKCE, state and nonce (openid-client), and the ID token's
 * signature checked against the provider's published keys (jose) on top of openid-client's claim checks.
 * The flow's secrets wait in the browser in a short-lived HttpOnly cookie; what comes back must match them.
 * The answer is a verified email only: AuthService decides whom it signs in (never a new account by itself).
 */
import * as client from "openid-client";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { ApiError } from "../http/errors.ts";

export interface OidcProviderConfig {
  /** the key in URLs (`provider=`): the name in lower case */
  key: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What the flow's cookie keeps between the redirect out and the callback. */
export interface OidcFlow {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
  next?: string;
}

export interface VerifiedIdentity {
  email: string;
  givenName: string;
  familyName: string;
}

export const OIDC_FLOW_COOKIE = "oidc_flow";
export const OIDC_FLOW_SECONDS = 600;
export const CALLBACK_PATH = "/oauthcallback";

/** The providers of OIDC_ISSUER / _CLIENT_ID / _CLIENT_SECRET / _NAME, comma-separated in one order. */
export function oidcProvidersFrom(
  config: { OIDC_ISSUER: string; OIDC_CLIENT_ID: string; OIDC_CLIENT_SECRET: string; OIDC_NAME: string },
): OidcProviderConfig[] {
  const list = (v: string) => v.split(",").map((s) => s.trim());
  const issuers = list(config.OIDC_ISSUER).filter(Boolean);
  const ids = list(config.OIDC_CLIENT_ID), secrets = list(config.OIDC_CLIENT_SECRET);
  const names = list(config.OIDC_NAME);
  return issuers.map((issuer, i) => {
    const name = names[i] || (issuer.includes("accounts.google.com") ? "Google" : new URL(issuer).hostname);
    return {
      key: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      name,
      issuer,
      clientId: ids[i] ?? "",
      clientSecret: secrets[i] ?? "",
    };
  });
}

/** Plain http only to the machine itself (a provider run by tests or on a developer's machine). */
const isLoopback = (url: string) => ["localhost", "127.0.0.1", "[::1]"].includes(new URL(url).hostname);

export class OidcProviders {
  readonly #discovered = new Map<string, Promise<client.Configuration>>();

  constructor(readonly providers: readonly OidcProviderConfig[]) {}

  /** The buttons on the sign-in page. */
  list() {
    return this.providers.map(({ key, name }) => ({ key, name }));
  }

  /** Starts a sign-in: the provider's authorization URL and the flow to keep in the cookie. */
  async start(key: string, origin: string, next?: string) {
    const provider = this.#provider(key);
    const config = await this.#config(provider);
    const flow: OidcFlow = {
      provider: provider.key,
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      ...(next ? { next } : {}),
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: `${origin}${CALLBACK_PATH}`,
      scope: "openid email profile",
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: "S256",
      state: flow.state,
      nonce: flow.nonce,
    });
    return { provider: provider.key, name: provider.name, authorizationUrl: url.href, flow };
  }

  /**
   * Completes a sign-in from the callback URL (code and state) and the flow the browser kept: the code is
   * exchanged with the PKCE verifier, the ID token's state, nonce, issuer, audience and lifetime are checked,
   * and its signature against the provider's keys. Answers the verified email, or refuses plainly.
   */
  async finish(flow: OidcFlow | null, callbackUrl: URL): Promise<VerifiedIdentity> {
    const refused = (why: string) => ApiError.unauthenticated(`Sign-in did not complete: ${why}`);
    const error = callbackUrl.searchParams.get("error");
    if (error) {
      throw refused(
        error === "access_denied" ? "you cancelled it, or the provider refused." : "the provider refused it.",
      );
    }
    if (!flow) throw refused("it took too long or was started in another browser. Try again.");
    const provider = this.#provider(flow.provider);
    const config = await this.#config(provider);
    let tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
    try {
      tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
    } catch (cause) {
      console.warn("oidc: code exchange refused:", (cause as Error).message);
      throw refused("the answer from the provider did not match this sign-in. Try again.");
    }
    const jwksUri = config.serverMetadata().jwks_uri;
    if (!tokens.id_token || !jwksUri) throw refused("the provider sent no identity.");
    try {
      await jwtVerify(tokens.id_token, this.#keys(jwksUri), {
        issuer: config.serverMetadata().issuer,
        audience: provider.clientId,
      });
    } catch (cause) {
      console.warn("oidc: ID token signature refused:", (cause as Error).message);
      throw refused("the identity from the provider was not signed by it.");
    }
    let claims: Record<string, unknown> = tokens.claims()!;
    // a provider may keep the email out of the ID token (OIDC's default): it is then at the userinfo endpoint
    if (typeof claims.email !== "string") {
      try {
        claims = {
          ...claims,
          ...await client.fetchUserInfo(config, tokens.access_token, String(claims.sub)),
        };
      } catch (cause) {
        console.warn("oidc: userinfo refused:", (cause as Error).message);
        throw refused("the provider did not say who you are.");
      }
    }
    const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
    if (!email || claims.email_verified !== true) {
      throw refused(`${provider.name} did not confirm an email address for this account.`);
    }
    return {
      email,
      givenName: typeof claims.given_name === "string" ? claims.given_name : "",
      familyName: typeof claims.family_name === "string" ? claims.family_name : "",
    };
  }

  #provider(key: string) {
    const provider = this.providers.find((p) => p.key === key);
    if (!provider) throw ApiError.notFound("That sign-in provider is not set up here.");
    return provider;
  }

  readonly #jwks = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  #keys(uri: string) {
    let keys = this.#jwks.get(uri);
    if (!keys) this.#jwks.set(uri, keys = createRemoteJWKSet(new URL(uri)));
    return keys;
  }

  /** The provider's metadata, discovered once (and again after a failure). */
  #config(provider: OidcProviderConfig): Promise<client.Configuration> {
    let found = this.#discovered.get(provider.key);
    if (!found) {
      found = client.discovery(
        new URL(provider.issuer),
        provider.clientId,
        provider.clientSecret,
        undefined,
        isLoopback(provider.issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
      ).catch((cause) => {
        this.#discovered.delete(provider.key);
        console.warn(`oidc: ${provider.issuer} discovery failed:`, (cause as Error).message);
        throw new ApiError(503, `Sign-in with ${provider.name} is not answering just now: try again later.`);
      });
      this.#discovered.set(provider.key, found);
    }
    return found;
  }
}

/** The flow cookie's value (base64url JSON) and back; anything unreadable is no flow. */
export const encodeFlow = (flow: OidcFlow) =>
  encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(flow)));

export function decodeFlow(raw: string | undefined): OidcFlow | null {
  if (!raw) return null;
  try {
    const flow = JSON.parse(new TextDecoder().decode(decodeBase64urlIgnorePadding(raw)));
    return typeof flow?.provider === "string" && typeof flow.state === "string" &&
        typeof flow.nonce === "string" && typeof flow.verifier === "string"
      ? flow
      : null;
  } catch {
    return null;
  }
}
