/**
 * The producer portal's links (issue 44 §1), written in the control database. The processor's side:
 * invite a producer by email (a code the producer enters, 14 days, single use, only its SHA-256 kept), link
 * a producer who gave its code, change what is shared, end the link. The producer's side: its code, accept
 * an invitation, leave. An ended link is refused from the next request (server/areas/producer/door.ts);
 * while a supplier has an open link it shows isTenant.
 */
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { tenants } from "../../../../db/control/schema.ts";
import { type LinkScope, producerCodes, producerLinks } from "../../../../db/control/producerLinks.ts";
import { suppliers } from "../../../../db/tenant/livestock.ts";
import { ApiError } from "../../../http/errors.ts";
import { displayName } from "../../audit.ts";
import type { In } from "../../areaApi.ts";
import { assertUnchanged, nextModified } from "../../context.ts";
import type { AreaContext } from "../../context.ts";
import { markSuppliersLinked } from "../../livestock/parties/writes.ts";
import type {
  AcceptLinkBody,
  InviteProducerBody,
  LinkByCodeBody,
  LinkIdBody,
  LinkView,
  SetLinkScopesBody,
} from "./schemas.ts";
import type { z } from "@hono/zod-openapi";
import { announceLinkChanged } from "./notify.ts";

type LinkRow = typeof producerLinks.$inferSelect;
const INVITE_DAYS = 14;
const CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function randomCode(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => CODE_LETTERS[b % CODE_LETTERS.length]).join("");
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function stateOf(row: LinkRow): "waiting" | "active" | "ended" {
  return row.revokedAt ? "ended" : row.acceptedAt ? "active" : "waiting";
}

function view(row: LinkRow, otherName: string): z.infer<typeof LinkView> {
  return {
    id: row.id,
    otherName,
    supplierIds: row.supplierIds,
    scopes: row.scopes,
    visibleFrom: row.visibleFrom,
    inviteEmail: row.inviteEmail,
    state: stateOf(row),
    grantedBy: row.grantedBy,
    grantedAt: row.grantedAt,
    revokedAt: row.revokedAt,
    lastModified: row.lastModified,
  };
}

/** The supplier ids must be the processor's own (400 names the first that is not). */
async function assertOwnSuppliers(ctx: AreaContext, ids: readonly number[]) {
  for (const [i, id] of ids.entries()) {
    const [row] = await ctx.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, id));
    if (!row) {
      throw ApiError.validation([{ field: `supplierIds.${i}`, message: "That supplier does not exist." }]);
    }
  }
}

/** The processor's link, or 404. */
async function ownLink(ctx: AreaContext, linkId: number): Promise<LinkRow> {
  const [row] = await ctx.app.db.control.select().from(producerLinks)
    .where(and(eq(producerLinks.id, linkId), eq(producerLinks.processorTenantId, ctx.tenantId)));
  if (!row) throw ApiError.notFound("That producer link does not exist.");
  return row;
}

async function tenantName(ctx: AreaContext, id: number | null): Promise<string> {
  if (!id) return "";
  const [row] = await ctx.app.db.control.select({ name: tenants.name }).from(tenants).where(
    eq(tenants.id, id),
  );
  return row?.name ?? "";
}

/** Keeps each supplier's isTenant in step with its open links. */
async function syncSupplierFlags(ctx: AreaContext, supplierIds: readonly number[]) {
  const open = await ctx.app.db.control.select({ supplierIds: producerLinks.supplierIds }).from(producerLinks)
    .where(and(eq(producerLinks.processorTenantId, ctx.tenantId), isNull(producerLinks.revokedAt)));
  const linked = new Set(open.flatMap((l) => l.supplierIds));
  await ctx.write(async (_, unit) => {
    await markSuppliersLinked(unit, supplierIds.filter((id) => linked.has(id)), true);
    await markSuppliersLinked(unit, supplierIds.filter((id) => !linked.has(id)), false);
  });
}

function grantOf(
  ctx: AreaContext,
  body: { supplierIds: number[]; scopes: LinkScope[]; visibleFrom: string },
) {
  const now = new Date().toISOString();
  return {
    processorTenantId: ctx.tenantId,
    supplierIds: [...new Set(body.supplierIds)],
    scopes: [...new Set(body.scopes)],
    visibleFrom: body.visibleFrom,
    grantedBy: displayName(ctx.caller),
    grantedAt: now,
    lastModified: now,
  };
}

/** Processor: invite a producer by email; answers the code once (the producer enters it to accept). */
export async function inviteProducer(ctx: AreaContext, body: In<typeof InviteProducerBody>) {
  await assertOwnSuppliers(ctx, body.supplierIds);
  const code = randomCode(10);
  const [row] = await ctx.app.db.control.insert(producerLinks).values({
    ...grantOf(ctx, body),
    inviteEmail: body.email,
    inviteCodeHash: await sha256(code),
    inviteExpiresAt: new Date(Date.now() + INVITE_DAYS * 86_400_000),
  }).returning();
  return { link: view(row, ""), code };
}

/** Processor: link a producer that gave its code; the link is open at once. */
export async function linkByProducerCode(ctx: AreaContext, body: In<typeof LinkByCodeBody>) {
  await assertOwnSuppliers(ctx, body.supplierIds);
  const [producer] = await ctx.app.db.control.select({ id: tenants.id, name: tenants.name })
    .from(producerCodes).innerJoin(tenants, eq(tenants.id, producerCodes.tenantId))
    .where(and(eq(producerCodes.code, body.producerCode), eq(tenants.category, "producer")));
  if (!producer) {
    throw ApiError.validation([{
      field: "producerCode",
      message: "No producer has that code: check it with them.",
    }]);
  }
  const grant = grantOf(ctx, body);
  const [row] = await ctx.app.db.control.insert(producerLinks).values({
    ...grant,
    producerTenantId: producer.id,
    acceptedAt: grant.grantedAt,
  }).returning();
  await syncSupplierFlags(ctx, row.supplierIds);
  return view(row, producer.name);
}

/** Processor: change what a link shares (409 when it changed since it was read). */
export async function setLinkScopes(ctx: AreaContext, body: In<typeof SetLinkScopesBody>) {
  const current = await ownLink(ctx, body.linkId);
  assertUnchanged(current, body.lastModified, "producer link");
  if (current.revokedAt) throw ApiError.conflict("That link was ended: make a new one instead.");
  const [row] = await ctx.app.db.control.update(producerLinks).set({
    scopes: [...new Set(body.scopes)],
    visibleFrom: body.visibleFrom,
    lastModified: nextModified(current.lastModified),
  }).where(eq(producerLinks.id, current.id)).returning();
  announceLinkChanged(ctx, row);
  return view(row, await tenantName(ctx, row.producerTenantId));
}

async function endLink(ctx: AreaContext, current: LinkRow) {
  if (current.revokedAt) return current;
  const now = new Date().toISOString();
  const [row] = await ctx.app.db.control.update(producerLinks).set({
    revokedAt: now,
    revokedBy: displayName(ctx.caller),
    inviteCodeHash: null,
    lastModified: nextModified(current.lastModified),
  }).where(eq(producerLinks.id, current.id)).returning();
  announceLinkChanged(ctx, row);
  return row;
}

/** Processor: end a link; the producer's next request is refused and its open pages are told. */
export async function revokeLink(ctx: AreaContext, body: In<typeof LinkIdBody>) {
  const row = await endLink(ctx, await ownLink(ctx, body.linkId));
  await syncSupplierFlags(ctx, row.supplierIds);
  return view(row, await tenantName(ctx, row.producerTenantId));
}

/** Processor: its links (optionally of one supplier), newest first. */
export async function processorLinks(ctx: AreaContext, q: { supplierId?: number }) {
  const rows = await ctx.app.db.control.select({ link: producerLinks, name: tenants.name }).from(
    producerLinks,
  )
    .leftJoin(tenants, eq(tenants.id, producerLinks.producerTenantId))
    .where(eq(producerLinks.processorTenantId, ctx.tenantId))
    .orderBy(desc(producerLinks.id));
  return rows.filter((r) => !q.supplierId || r.link.supplierIds.includes(q.supplierId))
    .map((r) => view(r.link, r.name ?? ""));
}

/** Producer: its code (made on first ask), to give a processor. */
export async function producerCode(ctx: AreaContext) {
  const [row] = await ctx.app.db.control.select().from(producerCodes).where(
    eq(producerCodes.tenantId, ctx.tenantId),
  );
  if (row) return { code: row.code };
  const code = `P-${randomCode(8)}`;
  await ctx.app.db.control.insert(producerCodes).values({ tenantId: ctx.tenantId, code })
    .onConflictDoNothing();
  return producerCode(ctx);
}

/** Producer: accept an emailed invitation with its code. */
export async function acceptLink(ctx: AreaContext, body: In<typeof AcceptLinkBody>) {
  const hash = await sha256(body.code);
  const [current] = await ctx.app.db.control.select().from(producerLinks)
    .where(and(eq(producerLinks.inviteCodeHash, hash), isNull(producerLinks.producerTenantId)));
  if (!current || current.revokedAt || (current.inviteExpiresAt?.getTime() ?? 0) < Date.now()) {
    throw ApiError.validation([{
      field: "code",
      message: "That code is not valid or has expired: ask the processor for a new invitation.",
    }]);
  }
  const now = new Date().toISOString();
  const [row] = await ctx.app.db.control.update(producerLinks).set({
    producerTenantId: ctx.tenantId,
    acceptedAt: now,
    inviteCodeHash: null,
    lastModified: nextModified(current.lastModified),
  }).where(eq(producerLinks.id, current.id)).returning();
  return view(row, await tenantName(ctx, row.processorTenantId));
}

/** Producer: leave a link (the processor's supplier stops showing isTenant when no other link holds it). */
export async function leaveLink(ctx: AreaContext, body: In<typeof LinkIdBody>) {
  const [current] = await ctx.app.db.control.select().from(producerLinks)
    .where(and(eq(producerLinks.id, body.linkId), eq(producerLinks.producerTenantId, ctx.tenantId)));
  if (!current) throw ApiError.notFound("That processor link does not exist.");
  const row = await endLink(ctx, current);
  return view(row, await tenantName(ctx, row.processorTenantId));
}

/** Producer: its links, open first. */
export async function producerLinkList(ctx: AreaContext) {
  const rows = await ctx.app.db.control.select({ link: producerLinks, name: tenants.name }).from(
    producerLinks,
  )
    .innerJoin(tenants, eq(tenants.id, producerLinks.processorTenantId))
    .where(eq(producerLinks.producerTenantId, ctx.tenantId))
    .orderBy(asc(producerLinks.revokedAt), asc(tenants.name), asc(producerLinks.id));
  return rows.map((r) => view(r.link, r.name));
}
