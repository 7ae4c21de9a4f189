/**
 * Issue 35 item 5: deactivating a tenant ends its sessions and closes its push connections, as a user's
 * disable does. Its users' bearer tokens and cookies are refused after the deactivation and stay refused
 * after a reactivation; another tenant's sessions and connections are untouched.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HubConnectionState } from "@microsoft/signalr";
import { serveTestApp } from "../helpers/app.ts";
import { hubClient, nextEvent } from "../helpers/hub.ts";
import { TENANT_DEACTIVATED } from "../../server/areas/super/tenants/rules.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
let farmId: number;

beforeAll(async () => {
  t = await serveTestApp();
  farmId = (await t.services.db.control.query.tenants.findMany()).find((x) => x.name === "Demo Farm")!.id;
});
afterAll(() => t.close());

const api = (path: string, init: { token?: string; cookie?: string; json?: unknown } = {}) =>
  fetch(`${t.origin}${path}`, {
    method: init.json === undefined ? "GET" : "POST",
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.json === undefined ? {} : { "content-type": "application/json" }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });

/** Signs in: the bearer token and the session cookie of two separate sessions. */
async function signIn(email: string) {
  const login = () => api("/login/login", { json: { email, password: "test-password-1" } });
  const first = await login();
  const second = await login();
  expect([first.status, second.status]).toEqual([200, 200]);
  const cookie = second.headers.get("set-cookie")!.split(";")[0];
  return { token: (await first.json()).token as string, cookie };
}

/** The super user's edit of the farm tenant, with only `isActive` changed. */
async function setFarmActive(superToken: string, isActive: boolean) {
  const tenant = await (await api(`/api/super/GetTenant/${farmId}`, { token: superToken })).json();
  const res = await api("/api/super/UpsertTenant", {
    token: superToken,
    json: {
      id: farmId,
      name: tenant.name,
      category: tenant.category,
      isActive,
      sites: tenant.sites.filter((s: { isActive: boolean }) => s.isActive).map((s: { name: string }) =>
        s.name
      ),
      speciesIds: tenant.speciesIds,
      modules: tenant.modules,
    },
  });
  expect(res.status).toBe(200);
}

const userModelStatus = async (who: { token?: string; cookie?: string }) =>
  (await api("/login/usermodel", who)).status;

describe("deactivating a tenant", () => {
  test("ends its sessions and closes its push connections with the reason; reactivating revives nothing", async () => {
    const superToken = await t.login("super@demo.processor");
    const farm = await signIn("producer@demo.farm");
    const other = await signIn("user@demo.processor");
    for (const who of [{ token: farm.token }, { cookie: farm.cookie }]) {
      expect(await userModelStatus(who)).toBe(200);
    }

    const farmHub = hubClient(t.origin, farm.token);
    const otherHub = hubClient(t.origin, other.token);
    await Promise.all([farmHub.start(), otherHub.start()]);
    const closed = new Promise<Error | undefined>((resolve) => farmHub.onclose(resolve));
    let reconnecting = false;
    farmHub.onreconnecting(() => (reconnecting = true));
    const told = nextEvent(farmHub, "forceTotalLogout");

    await setFarmActive(superToken, false);
    expect(await told).toEqual({ reason: TENANT_DEACTIVATED });
    expect(String(await closed)).toContain(TENANT_DEACTIVATED); // the close record's error, in words
    expect(reconnecting).toBe(false);
    expect(await userModelStatus({ token: farm.token })).toBe(401);
    expect(await userModelStatus({ cookie: farm.cookie })).toBe(401);

    await setFarmActive(superToken, true);
    expect(await userModelStatus({ token: farm.token })).toBe(401);
    expect(await userModelStatus({ cookie: farm.cookie })).toBe(401);
    const negotiate = await api("/hubs/userHub/negotiate?negotiateVersion=1", {
      token: farm.token,
      json: {},
    });
    expect(negotiate.status).toBe(401);
    // a fresh sign-in works again once the tenant is active
    expect(await userModelStatus({ token: (await signIn("producer@demo.farm")).token })).toBe(200);

    // the other tenant, and the super user who acted, are untouched
    expect(otherHub.state).toBe(HubConnectionState.Connected);
    expect(await otherHub.invoke("RegisterRefreshInterest", "Deliveries")).toEqual(["Deliveries"]);
    expect(await userModelStatus({ token: other.token })).toBe(200);
    expect(await userModelStatus({ cookie: other.cookie })).toBe(200);
    expect(await userModelStatus({ token: superToken })).toBe(200);
    await otherHub.stop();
  });

  test("an edit that keeps the tenant active ends no session", async () => {
    const superToken = await t.login("super@demo.processor");
    const farm = await signIn("producer@demo.farm");
    await setFarmActive(superToken, true);
    expect(await userModelStatus({ token: farm.token })).toBe(200);
    expect(await userModelStatus({ cookie: farm.cookie })).toBe(200);
  });
});
