/**
 * A stored or uploaded file is never a page of the app's origin (issue 35 item 10): over real HTTP against
 * the app with real database files and files on disk, every download answers `attachment` (with an ASCII
 * filename and an RFC 6266 `filename*` for the name as given), `nosniff`, and a policy that allows
 * nothing and sandboxes it should a browser render it. HTML and SVG are refused on upload; one put in the
 * store by hand (an older version, a restored backup) is still only a download. The logo and a site map
 * stay inline (the app shows them in an <img>) only while their stored type is a raster image.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveTestApp } from "../helpers/app.ts";
import { BLOB_API as B } from "../../server/areas/storage/files/api.ts";
import { MAP_IMAGE_API } from "../../server/areas/stockyard/mapImages/api.ts";
import { SETTINGS_API } from "../../server/areas/settings/api.ts";
import { KILL_FLOOR_API as K } from "../../server/areas/killFloor/paths.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};

const PDF = new TextEncoder().encode(
  "%PDF-1.7\n<< /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\n%%EOF\n",
);
const HTML = "<!doctype html><script>fetch('/api/users').then(r=>r.text()).then(alert)</script>";
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>';
const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEUlEQVR4nGM4saUCjhiI4wAAMeEfQZbs4AUAAAAASUVORK5CYII=",
  ),
  (c) => c.charCodeAt(0),
);

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["super", "admin", "user", "test"]) tokens[who] = await t.login(`${who}@demo.processor`);
});
afterAll(() => t.close());

const http = (path: string, who: string, init: RequestInit = {}) =>
  fetch(`${t.origin}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${tokens[who]}`, ...(init.headers as Record<string, string>) },
  });

function upload(path: string, reference: string, data: BlobPart, fileName: string, who = "test") {
  const form = new FormData();
  form.set("FullBlobReference", reference);
  form.set("File", new File([data], fileName, { type: "application/octet-stream" }));
  return http(path, who, { method: "POST", body: form });
}

const download = (path: string, reference: string, who = "user") =>
  http(`${path}?fullBlobReference=${encodeURIComponent(reference)}`, who);

/** What every file answer must say, read from the answer. */
async function expectDownload(res: Response, fileName: RegExp) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-disposition")).toMatch(
    /^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/,
  );
  expect(res.headers.get("content-disposition")).toMatch(fileName);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  const csp = res.headers.get("content-security-policy")!;
  expect(csp).toContain("default-src 'none'");
  expect(csp.split(";").map((d) => d.trim())).toContain("sandbox");
  expect(csp).not.toContain("'self'");
  await res.body?.cancel();
}

describe("uploaded files are downloads", () => {
  test("a PDF (which can carry script) is an attachment with nosniff and a sandbox, not shown inline", async () => {
    const ref = "tenant-1/data/reports/report.pdf";
    expect((await upload(B.uploadTenantBlob, ref, PDF, "Monthly report – März.pdf")).status).toBe(200);
    const res = await download(B.downloadTenantBlob, ref);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    // the name as given in filename*, an ASCII stand-in in filename
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Monthly report - Marz.pdf"; filename*=UTF-8''Monthly%20report%20%E2%80%93%20M%C3%A4rz.pdf`,
    );
    await expectDownload(res, /report/);
  });

  test("HTML and SVG are refused on upload; one put in the store by hand is still only a download", async () => {
    for (const [name, body] of [["page.html", HTML], ["drawing.svg", SVG]]) {
      const res = await upload(B.uploadTenantBlob, `tenant-1/data/markup/${name}`, body, name);
      expect(res.status).toBe(415);
      expect((await res.json()).message).toMatch(/are not kept/);
      await Deno.mkdir(`${t.dataDir}/files/tenant-1/data/markup`, { recursive: true });
      await Deno.writeTextFile(`${t.dataDir}/files/tenant-1/data/markup/${name}`, body);
      await expectDownload(
        await download(B.downloadTenantBlob, `tenant-1/data/markup/${name}`),
        /markup|page|drawing/,
      );
    }
  });

  test("a support file too, whoever reads it", async () => {
    const ref = "support/manuals/guide.pdf";
    expect((await upload(B.uploadSupportBlob, ref, PDF, "guide.pdf", "super")).status).toBe(200);
    await expectDownload(await download(B.downloadSupportBlob, ref, "admin"), /guide\.pdf/);
  });

  test("the name as stored comes back in filename*; the plain filename keeps printable ASCII only", async () => {
    const ref = "tenant-1/data/reports/odd.pdf";
    const name = "Q3 ✓ report; size=1 %20 (final).pdf";
    expect((await upload(B.uploadTenantBlob, ref, PDF, name)).status).toBe(200);
    const res = await download(B.downloadTenantBlob, ref);
    const disposition = res.headers.get("content-disposition")!;
    expect(disposition).toBe(
      `attachment; filename="Q3 - report- size-1 -20 (final).pdf"; filename*=UTF-8''${
        encodeURIComponent(name).replace(/[()]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
      }`,
    );
    expect(decodeURIComponent(disposition.split("UTF-8''")[1])).toBe(name);
    await expectDownload(res, /final/);
  });

  test("a document the app makes (the NLIS kill file) carries the same headers", async () => {
    const res = await http(`${K.nlisFile}?date=2026-11-20&speciesId=1`, "admin");
    expect(res.headers.get("content-type")).toMatch(/text\/csv/);
    await expectDownload(res, /nlis-kill-sheep-2026-11-20\.csv/);
  });
});

describe("files the app makes", () => {
  test("templates and exports made on the fly carry the same headers", async () => {
    const res = await http(`${K.carcassTemplate}?format=csv`, "admin");
    expect(res.headers.get("content-type")).toMatch(/text\/csv/);
    await expectDownload(res, /carcass-template\.csv/);
  });
});

describe("images the app shows in an <img>", () => {
  const uploadLogo = async () => {
    const form = new FormData();
    form.set("file", new File([PNG], "logo.png", { type: "image/png" }));
    const up = await http(SETTINGS_API.uploadLogo, "super", { method: "POST", body: form });
    expect(up.status).toBe(200);
    return (await up.json()).logoRef as string;
  };

  test("the logo (a PNG checked on upload) stays inline, with nosniff and the sandbox policy", async () => {
    await uploadLogo();
    const res = await http(SETTINGS_API.logo, "user");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toBe("inline");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toMatch(/default-src 'none'; sandbox/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
  });

  test("a logo whose stored type is SVG (put in the store by hand) is a download, never shown inline", async () => {
    const key = await uploadLogo();
    const sidecar = `${t.dataDir}/files/.meta/${key}.json`;
    const meta = JSON.parse(await Deno.readTextFile(sidecar));
    await Deno.writeTextFile(sidecar, JSON.stringify({ ...meta, contentType: "image/svg+xml" }));
    await Deno.writeTextFile(`${t.dataDir}/files/${key}`, SVG);
    const res = await http(SETTINGS_API.logo, "user");
    expect(res.headers.get("content-disposition")).toBe("attachment");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toMatch(/default-src 'none'; sandbox/);
    await res.body?.cancel();
  });

  test("a yard's site map (typed by the extension its sniffed bytes gave) is inline, nosniff, sandboxed", async () => {
    const yards = await (await http("/api/stockyard/GetStockyardSetups", "admin")).json();
    const yardId = yards[0].id;
    const form = new FormData();
    form.set("stockyardId", String(yardId));
    form.set("file", new File([PNG], "map.png", { type: "image/png" }));
    const up = await http(MAP_IMAGE_API.uploadMapImage, "admin", { method: "POST", body: form });
    expect(up.status).toBe(200);
    await up.body?.cancel();
    const res = await http(`${MAP_IMAGE_API.downloadMapImage}/${yardId}`, "admin");
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toBe("inline");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toMatch(/default-src 'none'; sandbox/);
    await res.body?.cancel();
  });
});
