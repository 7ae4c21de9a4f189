/**
 * The contract checker itself (tests/helpers/contract.ts) on a small document: what it lets through and
 * what it refuses, so the check every API test runs cannot quietly pass everything.
 */
import { describe, expect, it } from "vitest";
import { contractChecker, ContractError } from "../helpers/contract.ts";

const json = (schema: unknown) => ({ content: { "application/json": { schema } } });
const DOC = {
  components: {
    schemas: {
      Buyer: {
        type: "object",
        properties: { id: { type: "integer" }, name: { type: "string" } },
        required: ["id"],
      },
      ApiError: { type: "object", properties: { title: { type: "string" } }, required: ["title"] },
    },
  },
  paths: {
    "/api/buyers/{id}": {
      get: {
        operationId: "GetBuyer",
        responses: {
          200: json({
            allOf: [{ $ref: "#/components/schemas/Buyer" }, {
              type: "object",
              properties: { createdAt: { type: "string" } },
            }],
          }),
          404: json({ $ref: "#/components/schemas/ApiError" }),
          304: { description: "Not modified" },
        },
      },
    },
    "/api/buyers/latest": {
      get: {
        operationId: "LatestBuyer",
        responses: { 200: json({ anyOf: [{ $ref: "#/components/schemas/Buyer" }, { type: "null" }] }) },
      },
    },
  },
};

const answer = (status: number, body: unknown, type = "application/json") =>
  new Response(body === null && status === 304 ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": type },
  });

describe("the contract checker", () => {
  const checker = contractChecker(DOC);
  const check = (path: string, res: Response) => checker.check("GET", `http://localhost${path}`, res);

  it("lets through an answer the document declares, with both halves of an allOf", async () => {
    await check("/api/buyers/7", answer(200, { id: 7, name: "Jo", createdAt: "2026-12-02" }));
    await check("/api/buyers/7", answer(404, { title: "Not found" }));
    await check("/api/buyers/7", answer(304, null));
    await check("/api/buyers/latest", answer(200, null));
    expect([...checker.validated].sort()).toEqual(["GetBuyer", "LatestBuyer"]);
  });

  it("prefers a literal path to a template that also matches it", async () => {
    // /api/buyers/latest is LatestBuyer (null allowed), not GetBuyer/{id} (null refused)
    await expect(check("/api/buyers/latest", answer(200, null))).resolves.toBeUndefined();
  });

  it("refuses a property the document does not declare, a wrong type, a status or a media type", async () => {
    await expect(check("/api/buyers/7", answer(200, { id: 7, secret: "x" }))).rejects.toThrow(
      /unevaluated properties: secret/,
    );
    await expect(check("/api/buyers/7", answer(200, { id: "7" }))).rejects.toBeInstanceOf(ContractError);
    await expect(check("/api/buyers/7", answer(500, { title: "Oops" }))).rejects.toThrow(/does not declare/);
    await expect(check("/api/buyers/7", answer(200, "id,name", "text/csv"))).rejects.toThrow(/as text\/csv/);
    await expect(check("/api/buyers/7", answer(404, { title: "x", stack: "…" }))).rejects.toThrow(/stack/);
  });

  it("leaves alone what is not in the document (pages, the hub)", async () => {
    await expect(check("/home/livestock", answer(500, "<html>", "text/html"))).resolves.toBeUndefined();
  });
});
