/**
 * A species' yield reference data as the engine needs it: the cut hierarchy (a cut's primal, body segment
 * and product type), the product codes, the boning rooms and the runs seen, with the words each key is
 * shown in and the order rows sort in. One small read per answer.
 */
import { eq } from "drizzle-orm";
import { boningRooms, productCodes, yieldSegments } from "../../../db/tenant/schema.ts";
import { formatDate } from "../../../kernel/format.ts";
import type { AreaContext } from "../context.ts";
import { type Shift, SHIFT_NAMES } from "./rules.ts";
import type { GroupBy, YieldFilter } from "./schemas.ts";

type Segment = typeof yieldSegments.$inferSelect;
type ProductCode = typeof productCodes.$inferSelect;
type Key = Partial<Record<GroupBy, number | string | null>>;

export interface RunLabel {
  id: number;
  runNumber: number;
  boningRoomId: number;
  date: string;
  shift: string;
}

export interface YieldReference {
  speciesId: number;
  segments: Segment[];
  codes: ProductCode[];
  rooms: { id: number; name: string; tenantSiteId: number }[];
  /** runs the answer mentions (the engine adds them as it reads) */
  runs: Map<number, RunLabel>;
  segment(id: number | null | undefined): Segment | undefined;
  /** the cut's ancestor at a level (itself for "cut") */
  ancestor(
    cutId: number | null,
    level: "productType" | "bodySegment" | "primal" | "cut",
  ): Segment | undefined;
  /** the cut ids the filter's segments select (null: no segment filter) */
  cutsMatching(filter: Pick<YieldFilter, "bodySegments" | "primalSegments" | "cuts">): Set<number> | null;
  /** a product-level key of a summary row */
  keyOf(g: GroupBy, row: { productCodeId: number; cutId: number | null }): number | string | null;
  labels(key: Key, ctx: Pick<AreaContext, "scope">): Partial<Record<GroupBy, string>>;
  compare(a: Key, b: Key): number;
}

export async function yieldReference(ctx: AreaContext, speciesId: number): Promise<YieldReference> {
  const [segments, codes, rooms] = await Promise.all([
    ctx.db.select().from(yieldSegments).where(eq(yieldSegments.speciesId, speciesId)),
    ctx.db.select().from(productCodes).where(eq(productCodes.speciesId, speciesId)),
    ctx.db.select({ id: boningRooms.id, name: boningRooms.name, tenantSiteId: boningRooms.tenantSiteId })
      .from(boningRooms),
  ]);
  return referenceOf(speciesId, segments, codes, rooms);
}

export function referenceOf(
  speciesId: number,
  segments: Segment[],
  codes: ProductCode[],
  rooms: YieldReference["rooms"],
): YieldReference {
  const segmentById = new Map(segments.map((s) => [s.id, s]));
  const codeById = new Map(codes.map((c) => [c.id, c]));
  const roomById = new Map(rooms.map((r) => [r.id, r]));
  const runs = new Map<number, RunLabel>();
  const ancestor: YieldReference["ancestor"] = (cutId, level) => {
    let s = cutId == null ? undefined : segmentById.get(cutId);
    while (s && s.level !== level) s = s.parentId == null ? undefined : segmentById.get(s.parentId);
    return s;
  };
  const segmentKey = (g: GroupBy) =>
    g === "productType" || g === "bodySegment" || g === "primal" || g === "cut";
  const order = (g: GroupBy, v: number | string | null | undefined): string => {
    if (v == null) return "~";
    if (segmentKey(g)) {
      const s = segmentById.get(Number(v));
      return s ? String(s.sortOrder).padStart(6, "0") + s.name : "~";
    }
    if (g === "shift") return v === "day" ? "0" : "1";
    if (g === "productCode") return codeById.get(Number(v))?.code ?? "~";
    if (g === "boningRoom") return roomById.get(Number(v))?.name ?? "~";
    if (g === "run") {
      const r = runs.get(Number(v));
      return r ? `${r.date}${String(r.runNumber).padStart(4, "0")}` : String(v);
    }
    return typeof v === "number" ? String(v).padStart(12, "0") : v;
  };
  return {
    speciesId,
    segments,
    codes,
    rooms,
    runs,
    segment: (id) => (id == null ? undefined : segmentById.get(id)),
    ancestor,
    cutsMatching(filter) {
      const levels = [filter.bodySegments, filter.primalSegments, filter.cuts].filter((l) =>
        l?.length
      ) as number[][];
      if (!levels.length) return null;
      const cuts = segments.filter((s) => s.level === "cut");
      return new Set(
        cuts.filter((cut) =>
          levels.every((ids) => {
            for (
              let s: Segment | undefined = cut;
              s;
              s = s.parentId == null ? undefined : segmentById.get(s.parentId)
            ) {
              if (ids.includes(s.id)) return true;
            }
            return false;
          })
        ).map((c) => c.id),
      );
    },
    keyOf(g, row) {
      if (g === "productCode") return row.productCodeId;
      if (g === "meatCode") return codeById.get(row.productCodeId)?.meatCode ?? null;
      if (segmentKey(g)) return ancestor(row.cutId, g as "cut")?.id ?? null;
      return null;
    },
    labels(key, ctx) {
      const out: Partial<Record<GroupBy, string>> = {};
      for (const [g, v] of Object.entries(key) as [GroupBy, number | string | null][]) {
        out[g] = labelOf(g, v);
      }
      return out;
      function labelOf(g: GroupBy, v: number | string | null): string {
        if (v == null) return g === "meatCode" ? "No meat code" : "Not in a cut";
        switch (g) {
          case "date":
            return formatDate(String(v));
          case "species":
            return ctx.scope.speciesName(Number(v));
          case "site":
            return ctx.scope.siteName(Number(v));
          case "shift":
            return SHIFT_NAMES[v as Shift] ?? String(v);
          case "boningRoom":
            return roomById.get(Number(v))?.name ?? `Room ${v}`;
          case "run": {
            const r = runs.get(Number(v));
            return r
              ? `Run ${r.runNumber}, ${roomById.get(r.boningRoomId)?.name ?? "room"}, ${
                formatDate(r.date, false)
              }`
              : `Run ${v}`;
          }
          case "productCode": {
            const c = codeById.get(Number(v));
            return c ? `${c.code} ${c.description}` : `Code ${v}`;
          }
          case "meatCode":
            return String(v);
          default:
            return segmentById.get(Number(v))?.name ?? String(v);
        }
      }
    },
    compare(a, b) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])] as GroupBy[];
      for (const g of keys) {
        const x = order(g, a[g]), y = order(g, b[g]);
        if (x !== y) return x < y ? -1 : 1;
      }
      return 0;
    },
  };
}
