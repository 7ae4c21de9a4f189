/**
 * Compression (issue 12 item 1) over real HTTP: pages stream gzipped, JSON answers go out as gzip (brotli
 * to a client that takes only brotli), assets are sent as the build compressed them (with an ETag and 304), and a
 * client that asks for nothing gets plain bytes.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { serveTestApp } from "../helpers/app.ts";
import { assetUrl } from "../helpers/assets.ts";
import { chooseEncoding } from "../../server/http/compression.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
let token: string;
beforeAll(async () => {
  t = await serveTestApp();
  token = await t.login("admin@demo.processor");
});
afterAll(() => t?.close());

/** The raw bytes and headers (Deno's fetch would decompress: read with node:http instead). */
async function raw(path: string, headers: Record<string, string>) {
  const { request } = await import("node:http");
  const url = new URL(path, t.origin);
  return await new Promise<{ status: number; headers: Record<string, string>; body: Uint8Array }>(
    (ok, fail) => {
      const req = request(url, { headers }, (res) => {
        const parts: Uint8Array[] = [];
        res.on("data", (d: Uint8Array) => parts.push(d));
        res.on("end", () =>
          ok({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            body: new Uint8Array(Buffer.concat(parts)),
          }));
      });
      req.on("error", fail);
      req.end();
    },
  );
}

describe("compression", () => {
  test("picks br, then gzip, by the client's Accept-Encoding", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });

  test("a page streams gzipped", async () => {
    const res = await raw("/home/livestock", { cookie: `session=${token}`, "accept-encoding": "gzip, br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(new TextDecoder().decode(gunzipSync(res.body))).toContain("</html>");
  });

  test("a JSON answer goes out as brotli, or gzip, and plain when the client takes neither", async () => {
    const auth = { authorization: `Bearer ${token}` };
    const br = await raw("/api/openapi.json", { ...auth, "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    const doc = JSON.parse(new TextDecoder().decode(brotliDecompressSync(br.body)));
    expect(doc.openapi).toBe("3.1.0");
    const gz = await raw("/api/openapi.json", { ...auth, "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await raw("/api/openapi.json", auth);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(new TextDecoder().decode(plain.body)).openapi).toBe("3.1.0");
    expect(br.body.byteLength).toBeLessThan(plain.body.byteLength / 4);
  });

  test("a client taking both gets gzip, for a small answer and a large one", async () => {
    const auth = { authorization: `Bearer ${token}`, "accept-encoding": "gzip, deflate, br" };
    const small = await raw("/login/usermodel", auth);
    expect(small.body.byteLength).toBeGreaterThan(0);
    expect(small.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(new TextDecoder().decode(gunzipSync(small.body))).email).toBe("admin@demo.processor");
    const large = await raw("/api/openapi.json", auth);
    expect(large.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(large.body).byteLength).toBeGreaterThan(64 * 1024);
  });

  test("a page for a client taking only brotli goes out whole, in brotli", async () => {
    const res = await raw("/home/livestock", { cookie: `session=${token}`, "accept-encoding": "br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(new TextDecoder().decode(brotliDecompressSync(res.body))).toContain("</html>");
  });

  test("assets are sent precompressed, with an ETag that answers 304", async () => {
    const first = await raw(assetUrl("runtime/shell"), { "accept-encoding": "br" });
    expect(first.status).toBe(200);
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers["content-type"]).toMatch(/javascript/);
    expect(new TextDecoder().decode(brotliDecompressSync(first.body)).length).toBeGreaterThan(100);
    const again = await raw(assetUrl("runtime/shell"), {
      "accept-encoding": "br",
      "if-none-match": first.headers["etag"],
    });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
  });
});
