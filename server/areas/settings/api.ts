/**
 * api/settings/ (spec 2 §7.4: "paths and shapes: not shown", so ours): tenant settings, organisation
 * details with its sites and locations, stock settings, support content and release notes. Each route
 * follows the settings tab that uses it, so the endpoint and the screen cannot drift apart.
 */
import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import type { AppEnv } from "../../env.ts";
import { apiRoute, type ApiRouter, apiRouter, areaRoutes, okJson } from "../../http/openapi.ts";
import { ApiErrorBodySchema } from "../../http/errors.ts";
import { imageResponses, storedFileAnswer } from "../../http/files.ts";
import { apiService } from "../context.ts";
import { SettingsService } from "./service.ts";
import { OrganisationService } from "./organisation.ts";
import { SupportContentService } from "./content.ts";
import {
  IdBody,
  OrganisationDetails,
  OrganisationDetailsBody,
  SectionKeyParam,
  Site,
  SiteBody,
  SiteLocation,
  SiteLocationBody,
  StockSettings,
  StockSettingsBody,
  SupportContent,
  SupportContentQuery,
  SupportSection,
  SupportSectionBody,
  TenantSetting,
  TenantSettingBody,
  UploadLogoForm,
} from "./schemas.ts";

export const SETTINGS_API = {
  tenantSettings: "/api/settings/GetTenantSettings",
  upsertTenantSetting: "/api/settings/UpsertTenantSetting",
  details: "/api/settings/GetOrganisationDetails",
  saveDetails: "/api/settings/UpdateOrganisationDetails",
  sites: "/api/settings/GetTenantSites",
  saveSite: "/api/settings/SaveTenantSite",
  locations: "/api/settings/GetTenantSiteLocations",
  saveLocation: "/api/settings/SaveTenantSiteLocation",
  stockSettings: "/api/settings/GetStockSettings",
  saveStockSettings: "/api/settings/UpdateStockSettings",
  supportContent: "/api/settings/GetSupportContent",
  supportSection: "/api/settings/GetSupportSection/{sectionKey}",
  saveSection: "/api/settings/SaveSupportSection",
  deleteSection: "/api/settings/DeleteSupportSection",
  uploadLogo: "/api/settings/UploadOrganisationLogo",
  logo: "/api/settings/GetOrganisationLogo",
  removeLogo: "/api/settings/RemoveOrganisationLogo",
} as const;

/** Whoever can open the tab reads it; turning a tenant setting on or off takes an admin. */
const TENANT_SETTINGS: AccessRule = { pages: ["settingsTenantSettings"] };
const TENANT_SETTINGS_EDIT: AccessRule = { pages: ["settingsTenantSettings"], role: "admin" };
const DETAILS: AccessRule = { pages: ["settingsDetails"] };
const STOCK: AccessRule = { pages: ["settingsStockSettings"] };
/** Help is read by everyone signed in (the support content page); written from the super-only tab. */
const HELP_READ: AccessRule = { pages: ["supportContent"] };
const HELP_EDIT: AccessRule = { pages: ["settingsSupportContent"] };
/** The logo is no secret: anyone of the organisation may see it (documents, screens). */
const LOGO_READ: AccessRule = {};

const tags = ["Settings"];
const errorContent = { "application/json": { schema: ApiErrorBodySchema } };
const { get, post } = areaRoutes(tags);

const settings = (c: Context<AppEnv>) => apiService(c, SettingsService);
const organisation = (c: Context<AppEnv>) => apiService(c, OrganisationService);
const content = (c: Context<AppEnv>) => apiService(c, SupportContentService);

export const settingsApi: ApiRouter = apiRouter()
  .openapi(
    get(
      SETTINGS_API.tenantSettings,
      "Every tenant setting type this app knows, with its value (off when never saved)",
      { query: z.object({}) },
      z.array(TenantSetting),
      TENANT_SETTINGS,
    ),
    async (c) => c.json(await (await settings(c)).tenantSettings(), 200),
  )
  .openapi(
    post(
      SETTINGS_API.upsertTenantSetting,
      "Turn a tenant setting on or off (settingType + value); an unknown type is refused and nothing saved",
      TenantSettingBody,
      TenantSetting,
      TENANT_SETTINGS_EDIT,
    ),
    async (c) => c.json(await (await settings(c)).upsertTenantSetting(c.req.valid("json")), 200),
  )
  .openapi(
    get(
      SETTINGS_API.details,
      "The organisation's name, ABN, address, contacts, time zone and logo",
      { query: z.object({}) },
      OrganisationDetails,
      DETAILS,
    ),
    async (c) => c.json(await (await organisation(c)).details(), 200),
  )
  .openapi(
    post(
      SETTINGS_API.saveDetails,
      "Save the organisation's details (ABN with the ATO check, Australian address and time zone)",
      OrganisationDetailsBody,
      OrganisationDetails,
      DETAILS,
    ),
    async (c) => c.json(await (await organisation(c)).saveDetails(c.req.valid("json")), 200),
  )
  .openapi(
    get(
      SETTINGS_API.sites,
      "The organisation's plant sites",
      { query: z.object({}) },
      z.array(Site),
      DETAILS,
    ),
    async (c) => c.json(await (await organisation(c)).sites(), 200),
  )
  .openapi(
    post(
      SETTINGS_API.saveSite,
      "Add a plant site, or rename or retire one",
      SiteBody,
      z.array(Site),
      DETAILS,
    ),
    async (c) => c.json(await (await organisation(c)).saveSite(c.req.valid("json")), 200),
  )
  .openapi(
    get(
      SETTINGS_API.locations,
      "The places on each site (kill floors, stockyards, chillers, boning rooms)",
      { query: z.object({}) },
      z.array(SiteLocation),
      DETAILS,
    ),
    async (c) => c.json(await (await organisation(c)).locations(), 200),
  )
  .openapi(
    post(
      SETTINGS_API.saveLocation,
      "Add or change a place on a site, with its tenantSiteLocationType",
      SiteLocationBody,
      SiteLocation,
      DETAILS,
    ),
    async (c) => c.json(await (await organisation(c)).saveLocation(c.req.valid("json")), 200),
  )
  .openapi(
    get(
      SETTINGS_API.stockSettings,
      "The plant's species, species categories, carcass types and default agenda planning days",
      { query: z.object({}) },
      StockSettings,
      STOCK,
    ),
    async (c) => c.json(await (await settings(c)).stockSettings(), 200),
  )
  .openapi(
    post(SETTINGS_API.saveStockSettings, "Save the stock settings", StockSettingsBody, StockSettings, STOCK),
    async (c) => c.json(await (await settings(c)).saveStockSettings(c.req.valid("json")), 200),
  )
  .openapi(
    get(
      SETTINGS_API.supportContent,
      "Help (settingTypeId 1) or release notes (2): the sections with title, text and last change",
      { query: SupportContentQuery },
      SupportContent,
      HELP_READ,
    ),
    async (c) => c.json(await (await content(c)).content(c.req.valid("query").settingTypeId as 1 | 2), 200),
  )
  .openapi(
    get(
      SETTINGS_API.supportSection,
      "One section of help or release notes by its key",
      { params: SectionKeyParam },
      SupportSection,
      HELP_READ,
    ),
    async (c) => c.json(await (await content(c)).section(c.req.valid("param").sectionKey), 200),
  )
  .openapi(
    post(
      SETTINGS_API.saveSection,
      "Add or change a section of help or release notes (super)",
      SupportSectionBody,
      SupportSection,
      HELP_EDIT,
    ),
    async (c) => c.json(await (await content(c)).save(c.req.valid("json")), 200),
  )
  .openapi(
    post(SETTINGS_API.deleteSection, "Delete a section (super)", IdBody, IdBody, HELP_EDIT),
    async (c) => c.json(await (await content(c)).remove(c.req.valid("json").id), 200),
  )
  .openapi(
    apiRoute({
      method: "post",
      path: SETTINGS_API.uploadLogo,
      tags,
      summary:
        "Upload the organisation's logo (multipart: file; PNG, JPEG or WebP up to 512 KB); it replaces the old",
      access: DETAILS,
      request: { body: { content: { "multipart/form-data": { schema: UploadLogoForm } }, required: true } },
      responses: {
        ...okJson(OrganisationDetails),
        413: { description: "The image is over 512 KB", content: errorContent },
        415: {
          description: "Not a PNG, JPEG or WebP image (or not a multipart form)",
          content: errorContent,
        },
      },
    }),
    async (c) => c.json(await (await organisation(c)).uploadLogo(c.req.valid("form").file), 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      path: SETTINGS_API.logo,
      tags,
      summary: "The organisation's logo image (404 when it has none)",
      access: LOGO_READ,
      request: { query: z.object({ v: z.string().max(40).optional() }) },
      responses: imageResponses,
    }),
    async (c) => {
      const logo = await (await organisation(c)).logo();
      return await storedFileAnswer(c, logo, { inlineImage: true });
    },
  )
  .openapi(
    post(
      SETTINGS_API.removeLogo,
      "Remove the organisation's logo",
      z.object({}),
      OrganisationDetails,
      DETAILS,
    ),
    async (c) => c.json(await (await organisation(c)).removeLogo(), 200),
  );
