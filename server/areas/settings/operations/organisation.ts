/**
 * Settings › Organisation details (spec 2 §2.2, super only): the tenant's name, ABN, address, contacts,
 * time zone and logo (control database: the tenant row and its profile). Its audit rows go to the
 * tenant's trail after the control database's commit (two databases).
 */
import { and, eq, ne } from "drizzle-orm";
import { tenantProfiles, tenants } from "../../../../db/control/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { displayName } from "../../audit.ts";
import { type AreaContext, assertUnchanged, nextModified } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { LOGO_MAX_BYTES } from "../rules.ts";
import { formatBytes, MAP_IMAGE_TYPES, sniffImage } from "../../storage/rules.ts";
import type { OrganisationDetailsBody } from "../schemas.ts";

const BLANK_PROFILE = {
  abn: "",
  street: "",
  suburb: "",
  state: "",
  postcode: "",
  contactName: "",
  contactEmail: "",
  contactPhone: "",
  accountsEmail: "",
  timeZone: "Australia/Sydney",
  logoRef: null as string | null,
  lastModified: null as string | null,
};

export type OrganisationDetailsRow = Awaited<ReturnType<typeof organisationDetails>>;

export async function organisationDetails(ctx: AreaContext) {
  const control = ctx.app.db.control;
  const [tenant] = await control.select().from(tenants).where(eq(tenants.id, ctx.tenantId));
  const [profile] = await control.select().from(tenantProfiles).where(
    eq(tenantProfiles.tenantId, ctx.tenantId),
  );
  const { tenantId: _, modifiedBy: __, ...kept } = profile ??
    { ...BLANK_PROFILE, tenantId: 0, modifiedBy: "" };
  return { tenantId: tenant.id, name: tenant.name, category: tenant.category, ...BLANK_PROFILE, ...kept };
}

export async function saveOrganisationDetails(ctx: AreaContext, input: In<typeof OrganisationDetailsBody>) {
  const control = ctx.app.db.control;
  const before = await organisationDetails(ctx);
  assertUnchanged({ lastModified: before.lastModified ?? "" }, input.lastModified, "organisation's details");
  const { lastModified: _, name, ...profile } = input;
  const [clash] = await control.select({ id: tenants.id }).from(tenants)
    .where(and(eq(tenants.name, name), ne(tenants.id, ctx.tenantId)));
  if (clash) {
    throw ApiError.validation([{ field: "name", message: "Another organisation already has that name." }]);
  }
  const row = {
    ...profile,
    lastModified: nextModified(before.lastModified),
    modifiedBy: displayName(ctx.caller),
  };
  await control.transaction(async (tx) => {
    if (name !== before.name) await tx.update(tenants).set({ name }).where(eq(tenants.id, ctx.tenantId));
    await tx.insert(tenantProfiles).values({ tenantId: ctx.tenantId, ...row })
      .onConflictDoUpdate({ target: tenantProfiles.tenantId, set: row });
  });
  await auditControl(ctx, "OrganisationDetails", ctx.tenantId, "update", before, { name, ...row });
  // the name is in every caller's menu; the time zone decides the plant's "today" (server/http/clientClock.ts)
  if (name !== before.name || row.timeZone !== before.timeZone || !before.lastModified) {
    await ctx.app.callers.changed({ tenantIds: [ctx.tenantId] });
  }
  return organisationDetails(ctx);
}

/** The tenant's logo key in the store: nothing of another tenant's can be named from here. */
const logoKey = (ctx: AreaContext, ext: string) => `tenant-${ctx.tenantId}/organisation/logo.${ext}`;

/** Stores the logo (PNG, JPEG or WebP, judged by its bytes, at most LOGO_MAX_BYTES), replacing the old. */
export async function uploadLogo(ctx: AreaContext, file: File) {
  if (file.size === 0) throw ApiError.badRequest("The file is empty: choose the logo image.");
  if (file.size > LOGO_MAX_BYTES) {
    throw new ApiError(
      413,
      `The image is ${formatBytes(file.size)}: a logo can be at most ${formatBytes(LOGO_MAX_BYTES)}.`,
    );
  }
  const data = new Uint8Array(await file.arrayBuffer());
  const ext = sniffImage(data.subarray(0, 16));
  if (!ext) {
    throw new ApiError(415, "That file is not a PNG, JPEG or WebP image: save the logo as one of those.");
  }
  const before = await organisationDetails(ctx);
  const key = logoKey(ctx, ext);
  await ctx.app.storage.put(key, new Blob([data]).stream(), {
    contentType: MAP_IMAGE_TYPES[ext],
    maxBytes: LOGO_MAX_BYTES,
  });
  if (before.logoRef && before.logoRef !== key) {
    await ctx.app.storage.delete(before.logoRef).catch(() => false);
  }
  return setLogo(ctx, key);
}

/** The logo open for streaming; 404 when there is none. */
export async function organisationLogo(ctx: AreaContext) {
  const { logoRef } = await organisationDetails(ctx);
  const blob = logoRef ? await ctx.app.storage.get(logoRef) : null;
  if (!blob) throw ApiError.notFound("The organisation has no logo.");
  return blob;
}

export async function removeLogo(ctx: AreaContext) {
  const { logoRef } = await organisationDetails(ctx);
  if (!logoRef) throw ApiError.notFound("The organisation has no logo.");
  await ctx.app.storage.delete(logoRef);
  return setLogo(ctx, null);
}

/** Keeps the logo's blob reference (the file itself is in storage). */
async function setLogo(ctx: AreaContext, logoRef: string | null) {
  const before = await organisationDetails(ctx);
  const row = {
    logoRef,
    lastModified: nextModified(before.lastModified),
    modifiedBy: displayName(ctx.caller),
  };
  await ctx.app.db.control.insert(tenantProfiles).values({ tenantId: ctx.tenantId, ...row })
    .onConflictDoUpdate({ target: tenantProfiles.tenantId, set: row });
  await auditControl(ctx, "OrganisationDetails", ctx.tenantId, logoRef ? "logo" : "remove logo", {
    logoRef: before.logoRef,
  }, { logoRef });
  return organisationDetails(ctx);
}

/** The tenant's audit row of a change saved in the control database (after that commit). */
export function auditControl(
  ctx: AreaContext,
  entity: string,
  entityId: number,
  action: string,
  before: unknown,
  after: unknown,
) {
  return ctx.write((_, unit) => unit.audit({ entity, entityId, action, before, after }));
}
