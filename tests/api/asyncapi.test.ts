/**
 * The push hub's AsyncAPI document (issue 45): served publicly beside the OpenAPI document, valid for
 * the AsyncAPI parser, naming every event and refresh group of the catalogue the server runs with, and
 * describing the frames a real connection receives (a hub method's completion and a pushed event,
 * validated against the document's own payload schemas).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Parser } from "@asyncapi/parser";
import { Ajv } from "ajv";
import { serveTestApp } from "../helpers/app.ts";
import { RawHubSocket } from "../helpers/hub.ts";
import { plantDay } from "../helpers/clock.ts";
import { PUSH_CATALOGUE } from "../../server/areas/mod.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
// deno-lint-ignore no-explicit-any
let doc: any;

beforeAll(async () => {
  t = await serveTestApp();
  const res = await fetch(`${t.origin}/api/asyncapi.json`); // no token: public, like the OpenAPI document
  expect(res.status).toBe(200);
  doc = await res.json();
});
afterAll(() => t?.close());

/** The payload schema of a message of the document (messages are referenced from the channel). */
const payloadOf = (name: string) => doc.components.messages[name].payload;

describe("the push hub's AsyncAPI document", () => {
  it("is a valid AsyncAPI 3.0 document", async () => {
    const { document, diagnostics } = await new Parser().parse(JSON.stringify(doc));
    const errors = diagnostics.filter((d) => d.severity === 0).map((d) =>
      `${d.path.join(".")}: ${d.message}`
    );
    expect(errors).toEqual([]);
    expect(document?.version()).toBe("3.0.0");
    expect(document?.channels().get("userHub")?.address()).toBe("/hubs/userHub");
  });

  it("names every event and refresh group the server pushes, from its catalogue", () => {
    for (const name of PUSH_CATALOGUE.eventNames) {
      expect(doc.components.messages[name]?.payload.properties.target.const, name).toBe(name);
      const operations = Object.values(doc.operations) as { action: string; messages: { $ref: string }[] }[];
      const receive = operations.find((op) =>
        op.action === "receive" && op.messages[0].$ref.endsWith(`/${name}`)
      );
      expect(receive, name).toBeTruthy();
    }
    for (const group of Object.keys(PUSH_CATALOGUE.groups)) {
      expect(doc.info.description).toContain(`**${group}**`);
    }
    expect(Object.keys(doc.operations)).toContain("sendRegisterRefreshInterests");
  });

  it("describes the frames a real connection receives", async () => {
    const ajv = new Ajv({ strict: false });
    const token = await t.login("admin@demo.processor");
    const raw = await RawHubSocket.open(t.origin, token);
    try {
      raw.send({
        type: 1,
        invocationId: "1",
        target: "RegisterRefreshInterests",
        arguments: [["KillVolumeTargets"]],
      });
      const completion = await raw.next((r) => r.type === 3 && r.invocationId === "1");
      expect(completion.error).toBeUndefined();
      expect(ajv.validate(payloadOf("RegisterRefreshInterestsCompletion"), completion), ajv.errorsText())
        .toBe(true);

      const saved = await t.request("/api/livestock/UpsertKillVolumeTarget", {
        method: "POST",
        token,
        headers: { "x-local-date": plantDay(0) },
        json: { speciesId: 3, weeklyTarget: 2_000, startDate: plantDay(5) },
      });
      expect(saved.status).toBe(200);
      const event = await raw.next((r) => r.type === 1 && r.target === "killVolumeTargetUpdated");
      expect(ajv.validate(payloadOf("killVolumeTargetUpdated"), event), ajv.errorsText()).toBe(true);
      // and the documented schema is not a blank cheque: a payload without the target's id is refused
      expect(ajv.validate(payloadOf("killVolumeTargetUpdated"), { ...event, arguments: [{}] })).toBe(false);
    } finally {
      raw.close();
    }
  });
});
