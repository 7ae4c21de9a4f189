/**
 * Settings › Organisation details (spec 2 §2.2, super only): the tenant's name, ABN, address, contacts,
 * time zone and logo (control database: the tenant row and its profile), its plant sites (control) and
 * each site's locations with their tenantSiteLocationType (the tenant's `site_locations`, which the kill
 * agenda reads for its kill floors).
 */
import type { z } from "@hono/zod-openapi";
import { and, asc, eq, ne } from "drizzle-orm";
import { tenantProfiles, tenants, tenantSites } from "../../../db/control/schema.ts";
import { siteLocations } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { changedValues, displayName, recordAudit } from "../audit.ts";
import { type AreaContext, assertUnchanged, nextModified } from "../context.ts";
import { LOGO_MAX_BYTES, siteLocationTypeLabel } from "./rules.ts";
import { formatBytes, MAP_IMAGE_TYPES, sniffImage } from "../storage/rules.ts";
import type { OrganisationDetailsBody, SiteBody, SiteLocationBody } from "./schemas.ts";

type In<T extends z.ZodType> = z.output<T>;

/** A plant has a handful of sites and locations; these bound the lists all the same. */
export const MAX_SITES = 50;
export const MAX_LOCATIONS = 500;

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

export class OrganisationService {
  constructor(private readonly ctx: AreaContext) {}

  get #control() {
    return this.ctx.app.db.control;
  }

  async details() {
    const [tenant] = await this.#control.select().from(tenants).where(eq(tenants.id, this.ctx.tenantId));
    const [profile] = await this.#control.select().from(tenantProfiles)
      .where(eq(tenantProfiles.tenantId, this.ctx.tenantId));
    const { tenantId: _, modifiedBy: __, ...kept } = profile ??
      { ...BLANK_PROFILE, tenantId: 0, modifiedBy: "" };
    return { tenantId: tenant.id, name: tenant.name, category: tenant.category, ...BLANK_PROFILE, ...kept };
  }

  async saveDetails(input: In<typeof OrganisationDetailsBody>) {
    const before = await this.details();
    assertUnchanged(
      { lastModified: before.lastModified ?? "" },
      input.lastModified,
      "organisation's details",
    );
    const { lastModified: _, name, ...profile } = input;
    const [clash] = await this.#control.select({ id: tenants.id }).from(tenants)
      .where(and(eq(tenants.name, name), ne(tenants.id, this.ctx.tenantId)));
    if (clash) {
      throw ApiError.validation([{ field: "name", message: "Another organisation already has that name." }]);
    }
    const row = {
      ...profile,
      lastModified: nextModified(before.lastModified),
      modifiedBy: displayName(this.ctx.caller),
    };
    await this.#control.transaction(async (tx) => {
      if (name !== before.name) {
        await tx.update(tenants).set({ name }).where(eq(tenants.id, this.ctx.tenantId));
      }
      await tx.insert(tenantProfiles).values({ tenantId: this.ctx.tenantId, ...row })
        .onConflictDoUpdate({ target: tenantProfiles.tenantId, set: row });
    });
    await this.#audit("OrganisationDetails", this.ctx.tenantId, "update", before, { name, ...row });
    // the name is in every caller's menu; the time zone decides the plant's "today" (server/http/clientClock.ts)
    if (name !== before.name || row.timeZone !== before.timeZone || !before.lastModified) {
      await this.ctx.app.callers.changed({ tenantIds: [this.ctx.tenantId] });
    }
    return this.details();
  }

  /** The tenant's logo key in the store: nothing of another tenant's can be named from here. */
  #logoKey(ext: string) {
    return `tenant-${this.ctx.tenantId}/organisation/logo.${ext}`;
  }

  /** Stores the logo (PNG, JPEG or WebP, judged by its bytes, at most LOGO_MAX_BYTES), replacing the old. */
  async uploadLogo(file: File) {
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
    const before = await this.details();
    const key = this.#logoKey(ext);
    await this.ctx.app.storage.put(key, new Blob([data]).stream(), {
      contentType: MAP_IMAGE_TYPES[ext],
      maxBytes: LOGO_MAX_BYTES,
    });
    if (before.logoRef && before.logoRef !== key) {
      await this.ctx.app.storage.delete(before.logoRef).catch(() => false);
    }
    return this.#setLogo(key);
  }

  /** The logo open for streaming; 404 when there is none. */
  async logo() {
    const { logoRef } = await this.details();
    const blob = logoRef ? await this.ctx.app.storage.get(logoRef) : null;
    if (!blob) throw ApiError.notFound("The organisation has no logo.");
    return blob;
  }

  async removeLogo() {
    const { logoRef } = await this.details();
    if (!logoRef) throw ApiError.notFound("The organisation has no logo.");
    await this.ctx.app.storage.delete(logoRef);
    return this.#setLogo(null);
  }

  /** Keeps the logo's blob reference (the file itself is in storage). */
  async #setLogo(logoRef: string | null) {
    const before = await this.details();
    const row = {
      logoRef,
      lastModified: nextModified(before.lastModified),
      modifiedBy: displayName(this.ctx.caller),
    };
    await this.#control.insert(tenantProfiles).values({ tenantId: this.ctx.tenantId, ...row })
      .onConflictDoUpdate({ target: tenantProfiles.tenantId, set: row });
    await this.#audit("OrganisationDetails", this.ctx.tenantId, logoRef ? "logo" : "remove logo", {
      logoRef: before.logoRef,
    }, { logoRef });
    return this.details();
  }

  // ------------------------------------------------------------ sites

  sites() {
    return this.#control.select({
      id: tenantSites.id,
      name: tenantSites.name,
      isActive: tenantSites.isActive,
    })
      .from(tenantSites).where(eq(tenantSites.tenantId, this.ctx.tenantId)).orderBy(asc(tenantSites.name))
      .limit(MAX_SITES);
  }

  async saveSite(input: In<typeof SiteBody>) {
    const sites = await this.sites();
    if (sites.some((s) => s.name.toLowerCase() === input.name.toLowerCase() && s.id !== input.id)) {
      throw ApiError.validation([{
        field: "name",
        message: "The organisation already has a site of that name.",
      }]);
    }
    if (input.id === undefined) {
      if (sites.length >= MAX_SITES) {
        throw ApiError.badRequest(`An organisation has at most ${MAX_SITES} sites.`);
      }
      const [made] = await this.#control.insert(tenantSites)
        .values({ tenantId: this.ctx.tenantId, name: input.name, isActive: input.isActive }).returning();
      await this.#audit("TenantSite", made.id, "create", null, made);
    } else {
      const before = sites.find((s) => s.id === input.id);
      if (!before) throw ApiError.notFound("That site is not one of this organisation's.");
      await this.#control.update(tenantSites).set({ name: input.name, isActive: input.isActive })
        .where(and(eq(tenantSites.id, input.id), eq(tenantSites.tenantId, this.ctx.tenantId)));
      const { before: was, after: now } = changedValues(before, input);
      await this.#audit("TenantSite", input.id, "update", was, now);
    }
    await this.ctx.app.callers.changed({ tenantIds: [this.ctx.tenantId] });
    return this.sites();
  }

  // ------------------------------------------------------------ site locations

  async locations() {
    const [sites, rows] = await Promise.all([
      this.sites(),
      this.ctx.db.select().from(siteLocations).orderBy(
        asc(siteLocations.tenantSiteId),
        asc(siteLocations.name),
      )
        .limit(MAX_LOCATIONS),
    ]);
    const siteName = new Map(sites.map((s) => [s.id, s.name]));
    return rows.filter((r) => siteName.has(r.tenantSiteId)).map((r) => ({
      id: r.id,
      tenantSiteId: r.tenantSiteId,
      siteName: siteName.get(r.tenantSiteId)!,
      name: r.name,
      tenantSiteLocationType: r.locationType,
      typeLabel: siteLocationTypeLabel(r.locationType),
      speciesIds: r.speciesIds,
      isActive: r.isActive,
      lastModified: r.lastModified,
    }));
  }

  async saveLocation(input: In<typeof SiteLocationBody>) {
    if (!(await this.sites()).some((s) => s.id === input.tenantSiteId)) {
      throw ApiError.validation([{
        field: "tenantSiteId",
        message: "Choose one of the organisation's sites.",
      }]);
    }
    const allowed = this.ctx.caller.species.map((s) => s.id);
    if (input.speciesIds.some((id) => !allowed.includes(id))) {
      throw ApiError.validation([{ field: "speciesIds", message: "Choose from the plant's species." }]);
    }
    const values = {
      tenantSiteId: input.tenantSiteId,
      name: input.name,
      locationType: input.tenantSiteLocationType,
      speciesIds: [...new Set(input.speciesIds)],
      isActive: input.isActive,
    };
    const now = new Date().toISOString();
    const id = await this.ctx.db.transaction(async (tx) => {
      if (input.id === undefined) {
        const [made] = await tx.insert(siteLocations).values({ ...values, createdAt: now, lastModified: now })
          .returning();
        await recordAudit(tx, this.ctx, {
          entity: "SiteLocation",
          entityId: made.id,
          action: "create",
          after: made,
        });
        return made.id;
      }
      const [before] = await tx.select().from(siteLocations).where(eq(siteLocations.id, input.id));
      if (!before) throw ApiError.notFound("That location does not exist.");
      assertUnchanged(before, input.lastModified, "location");
      await tx.update(siteLocations).set({ ...values, lastModified: nextModified(before.lastModified) })
        .where(eq(siteLocations.id, input.id));
      const { before: was, after: nowValues } = changedValues(before, values);
      await recordAudit(tx, this.ctx, {
        entity: "SiteLocation",
        entityId: input.id,
        action: "update",
        before: was,
        after: nowValues,
      });
      return input.id;
    });
    return (await this.locations()).find((l) => l.id === id)!;
  }

  #audit(entity: string, entityId: number, action: string, before: unknown, after: unknown) {
    return this.ctx.db.transaction((tx) =>
      recordAudit(tx, this.ctx, { entity, entityId, action, before, after })
    );
  }
}
