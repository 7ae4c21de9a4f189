/** api/super/… feature flags over real HTTP: super only, validated, and announced on the push hub. */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveTestApp } from "../helpers/app.ts";
import { hubClient, nextEvent } from "../helpers/hub.ts";
import { eq } from "drizzle-orm";
import { featureFlags, superAudit } from "../../db/control/schema.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
let processorId: number;
let superToken: string;

beforeAll(async () => {
  t = await serveTestApp();
  processorId = (await t.services.db.control.query.tenants.findFirst())!.id;
  superToken = await t.login("super@demo.processor");
});
afterAll(() => t.close());

const call = (method: string, path: string, token: string, json?: unknown) =>
  fetch(`${t.origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json ? { "content-type": "application/json" } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });

describe("feature flags", () => {
  test("a super user sets one; the tenant's clients hear featureFlagUpdated and their user model has it", async () => {
    const userToken = await t.login("user@demo.processor");
    const conn = hubClient(t.origin, userToken);
    await conn.start();
    try {
      const told = nextEvent(conn, "featureFlagUpdated");
      const res = await call("POST", "/api/super/UpsertFeatureFlag", superToken, {
        tenantId: processorId,
        featureKey: "roiAnalysisMenu",
        isEnabled: true,
      });
      expect(res.status).toBe(200);
      const flags = await res.json();
      expect(flags).toContainEqual({
        featureKey: "roiAnalysisMenu",
        label: "ROI analysis menu",
        isEnabled: true,
        isEnabledForSuperUser: false,
        isRecognised: true,
        isStored: true,
      });
      expect(await told).toEqual({ featureKey: "roiAnalysisMenu" });
      const model = await (await call("GET", "/login/usermodel", userToken)).json();
      expect(model.featureFlags).toContainEqual(
        expect.objectContaining({ featureKey: "roiAnalysisMenu", isEnabled: true }),
      );

      const removed = nextEvent(conn, "featureFlagUpdated");
      const del = await call(
        "DELETE",
        `/api/super/DeleteFeatureFlag/${processorId}/roiAnalysisMenu`,
        superToken,
      );
      expect(del.status).toBe(200);
      expect(
        (await del.json()).find((f: { featureKey: string }) => f.featureKey === "roiAnalysisMenu").isEnabled,
      )
        .toBe(false);
      await removed;
      const again = await call(
        "DELETE",
        `/api/super/DeleteFeatureFlag/${processorId}/roiAnalysisMenu`,
        superToken,
      );
      expect(again.status).toBe(404);
    } finally {
      await conn.stop();
    }
  });

  test("lists every known flag, stored or not", async () => {
    const res = await call("GET", `/api/super/GetFeatureFlags/${processorId}`, superToken);
    expect(res.status).toBe(200);
    const flags = await res.json();
    expect(flags.length).toBeGreaterThanOrEqual(7);
    expect(flags.every((f: { label: string }) => f.label.length > 0)).toBe(true);
  });

  test("refuses a too-low role, an unknown flag or tenant, and changes nothing", async () => {
    const admin = await t.login("admin@demo.processor");
    const body = { tenantId: processorId, featureKey: "msaDataRequery", isEnabled: true };
    expect((await call("POST", "/api/super/UpsertFeatureFlag", admin, body)).status).toBe(403);
    expect((await call("GET", `/api/super/GetFeatureFlags/${processorId}`, admin)).status).toBe(403);
    expect((await call("DELETE", `/api/super/DeleteFeatureFlag/${processorId}/msaDataRequery`, admin)).status)
      .toBe(403);
    const unknown = await call("POST", "/api/super/UpsertFeatureFlag", superToken, {
      ...body,
      featureKey: "nope",
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ isValidation: true });
    expect(
      (await call("POST", "/api/super/UpsertFeatureFlag", superToken, { ...body, tenantId: 999 })).status,
    )
      .toBe(404);
    const flags = await (await call("GET", `/api/super/GetFeatureFlags/${processorId}`, superToken)).json();
    expect(flags.find((f: { featureKey: string }) => f.featureKey === "msaDataRequery").isEnabled).toBe(
      false,
    );
  });

  test("a stored flag this version does not know is listed as unrecognised and can be deleted", async () => {
    await t.services.db.control.insert(featureFlags).values({
      tenantId: processorId,
      featureKey: "oldBetaScreen",
      isEnabled: true,
    });
    const flags = await (await call("GET", `/api/super/GetFeatureFlags/${processorId}`, superToken)).json();
    expect(flags.at(-1)).toMatchObject({ featureKey: "oldBetaScreen", isRecognised: false, isStored: true });
    const del = await call("DELETE", `/api/super/DeleteFeatureFlag/${processorId}/oldBetaScreen`, superToken);
    expect(del.status).toBe(200);
    expect((await del.json()).some((f: { featureKey: string }) => f.featureKey === "oldBetaScreen")).toBe(
      false,
    );
  });

  test("every flag change, refresh and logout is in the super audit with who, when and why", async () => {
    const refresh = await call("POST", "/api/super/ForceRefresh", superToken, {
      tenantId: processorId,
      reason: "prices corrected",
    });
    expect(refresh.status).toBe(200);
    const rows = await t.services.db.control.select().from(superAudit).where(
      eq(superAudit.tenantId, processorId),
    );
    const actions = rows.map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(["UpsertFeatureFlag", "DeleteFeatureFlag", "ForceRefresh"]),
    );
    const last = rows.at(-1)!;
    expect(last).toMatchObject({
      action: "ForceRefresh",
      userName: "Super Demo",
      detail: { reason: "prices corrected" },
    });
    // audit stamps keep the real clock (when it truly happened): the newest is no earlier than the one before
    expect(last.at >= rows.at(-2)!.at).toBe(true);
  });

  test("another tenant's admin is refused too", async () => {
    const farmAdmin = await t.login("producer@demo.farm");
    expect((await call("GET", `/api/super/GetFeatureFlags/${processorId}`, farmAdmin)).status).toBe(403);
  });
});
