/**
 * canOpenPage (server/access/policy.ts): whether a link handed out for later (a notification's page) opens
 * for a subject, as the page guard decides: the route's role, modules and ancestors; a forwarding route
 * answers for its target; the query and fragment do not matter; an unknown path or the bare home is no page.
 */
import { describe, expect, it } from "vitest";
import { canOpenPage } from "../../../server/access/mod.ts";
import { subject } from "./subjects.ts";

const invoicing = subject({ modules: ["invoices", "invoiceSettings"] });

describe("canOpenPage", () => {
  it("opens a page of a licensed module, with its query and fragment", () => {
    expect(canOpenPage(invoicing, "/home/invoicemanager/edit/12")).toBe(true);
    expect(canOpenPage(invoicing, "/settings/carcassdefects?speciesId=1#order-4")).toBe(true);
  });

  it("refuses a page of a module the organisation does not hold, or above the role", () => {
    expect(canOpenPage(subject({ modules: ["stockyard"] }), "/home/invoicemanager/edit/12")).toBe(false);
    expect(canOpenPage(subject({ modules: ["invoices"] }), "/settings/carcassdefects")).toBe(false);
    expect(canOpenPage(subject({ modules: ["dataUpload"] }), "/home/dataupload")).toBe(false);
    expect(canOpenPage(subject({ roleLevel: "admin", modules: ["dataUpload"] }), "/home/dataupload")).toBe(
      true,
    );
    expect(
      canOpenPage(subject({ roleLevel: "display", modules: ["invoices"] }), "/home/invoicemanager/edit/1"),
    )
      .toBe(false);
  });

  it("follows a forwarding route to its target; an unknown path, the home page or no role opens nothing", () => {
    const roi = subject({ roleLevel: "super", modules: ["roi"] });
    expect(canOpenPage(roi, "/home/RoiLayoutDisplay/3")).toBe(true);
    expect(canOpenPage(invoicing, "/home/RoiLayoutDisplay/3")).toBe(false);
    expect(canOpenPage(invoicing, "/no/such/page")).toBe(false);
    expect(canOpenPage(invoicing, "/home")).toBe(false);
    expect(canOpenPage(subject({ roleLevel: null, modules: ["invoices"] }), "/home/invoicemanager/edit/1"))
      .toBe(false);
  });
});
