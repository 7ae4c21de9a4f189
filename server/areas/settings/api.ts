/**
 * api/settings/ (spec 2 §7.4: "paths and shapes: not shown", so ours): tenant settings, organisation
 * details with its sites and locations, stock settings, support content and release notes. Each route
 * follows the settings tab that uses it, so the endpoint and the screen cannot drift apart.
 */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import { okJson } from "../../http/openapi.ts";
import { ApiErrorBodySchema } from "../../http/errors.ts";
import { imageResponses } from "../../http/files.ts";
import { areaApi, type In } from "../areaApi.ts";
import { areaContextOf } from "../context.ts";
import { listTenantSettings, upsertTenantSetting } from "./operations/tenantSettings.ts";
import { loginModuleSettings, saveLoginModuleSettings } from "./operations/loginModules.ts";
import { getStockSettings, saveStockSettings } from "./operations/stockSettings.ts";
import {
  organisationDetails,
  organisationLogo,
  removeLogo,
  saveOrganisationDetails,
  uploadLogo,
} from "./operations/organisation.ts";
import { listLocations, listSites, saveLocation, saveSite } from "./operations/sites.ts";
import {
  removeSupportSection,
  saveSupportSection,
  supportContent,
  supportSection,
} from "./operations/content.ts";
import {
  IdBody,
  LoginModuleSettings,
  LoginModuleSettingsBody,
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
  loginModules: "/api/settings/GetLoginModuleSettings",
  saveLoginModules: "/api/settings/UpdateLoginModuleSettings",
} as const;

/** Whoever can open the tab reads it; turning a tenant setting on or off takes an admin. */
const TENANT_SETTINGS: AccessRule = { pages: ["settingsTenantSettings"] };
const TENANT_SETTINGS_EDIT: AccessRule = { pages: ["settingsTenantSettings"], role: "admin" };
/** The organisation's choice of module groups: its admins (the tab is admin-level). */
const LOGIN_MODULES: AccessRule = { pages: ["settingsLoginModules"], role: "admin" };
const DETAILS: AccessRule = { pages: ["settingsDetails"] };
const STOCK: AccessRule = { pages: ["settingsStockSettings"] };
/** Help is read by everyone signed in (the support content page); written from the super-only tab. */
const HELP_READ: AccessRule = { pages: ["supportContent"] };
const HELP_EDIT: AccessRule = { pages: ["settingsSupportContent"] };
/** The logo is no secret: anyone of the organisation may see it (documents, screens). */
const LOGO_READ: AccessRule = {};

const errorContent = { "application/json": { schema: ApiErrorBodySchema } };
const NO_QUERY = { query: z.object({}) };
const api = areaApi(["Settings"]);

api.get(
  SETTINGS_API.tenantSettings,
  "Every tenant setting type this app knows, with its value (off when never saved)",
  NO_QUERY,
  z.array(TenantSetting),
  TENANT_SETTINGS,
  listTenantSettings,
);

api.post(
  SETTINGS_API.upsertTenantSetting,
  "Turn a tenant setting on or off (settingType + value); an unknown type is refused and nothing saved",
  TenantSettingBody,
  TenantSetting,
  TENANT_SETTINGS_EDIT,
  upsertTenantSetting,
);

api.get(
  SETTINGS_API.details,
  "The organisation's name, ABN, address, contacts, time zone and logo",
  NO_QUERY,
  OrganisationDetails,
  DETAILS,
  organisationDetails,
);

api.post(
  SETTINGS_API.saveDetails,
  "Save the organisation's details (ABN with the ATO check, Australian address and time zone)",
  OrganisationDetailsBody,
  OrganisationDetails,
  DETAILS,
  saveOrganisationDetails,
);

api.get(SETTINGS_API.sites, "The organisation's plant sites", NO_QUERY, z.array(Site), DETAILS, listSites);

api.post(
  SETTINGS_API.saveSite,
  "Add a plant site, or rename or retire one",
  SiteBody,
  z.array(Site),
  DETAILS,
  saveSite,
);

api.get(
  SETTINGS_API.locations,
  "The places on each site (kill floors, stockyards, chillers, boning rooms)",
  NO_QUERY,
  z.array(SiteLocation),
  DETAILS,
  listLocations,
);

api.post(
  SETTINGS_API.saveLocation,
  "Add or change a place on a site, with its tenantSiteLocationType",
  SiteLocationBody,
  SiteLocation,
  DETAILS,
  saveLocation,
);

api.get(
  SETTINGS_API.stockSettings,
  "The plant's species, species categories, carcass types and default agenda planning days",
  NO_QUERY,
  StockSettings,
  STOCK,
  getStockSettings,
);

api.post(
  SETTINGS_API.saveStockSettings,
  "Save the stock settings",
  StockSettingsBody,
  StockSettings,
  STOCK,
  saveStockSettings,
);

api.get(
  SETTINGS_API.supportContent,
  "Help (settingTypeId 1) or release notes (2): the sections with title, text and last change",
  { query: SupportContentQuery },
  SupportContent,
  HELP_READ,
  (ctx, q) => supportContent(ctx, q.settingTypeId as 1 | 2),
);

api.get(
  SETTINGS_API.supportSection,
  "One section of help or release notes by its key",
  { params: SectionKeyParam },
  SupportSection,
  HELP_READ,
  (ctx, { sectionKey }) => supportSection(ctx, sectionKey),
);

api.post(
  SETTINGS_API.saveSection,
  "Add or change a section of help or release notes (super)",
  SupportSectionBody,
  SupportSection,
  HELP_EDIT,
  saveSupportSection,
);

api.post(
  SETTINGS_API.deleteSection,
  "Delete a section (super)",
  IdBody,
  IdBody,
  HELP_EDIT,
  (ctx, { id }) => removeSupportSection(ctx, id),
);

// multipart: areaApi's JSON forms cannot say it
api.route(
  {
    method: "post",
    path: SETTINGS_API.uploadLogo,
    summary:
      "Upload the organisation's logo (multipart: file; PNG, JPEG or WebP up to 512 KB); it replaces the old",
    access: DETAILS,
    request: { body: { content: { "multipart/form-data": { schema: UploadLogoForm } }, required: true } },
    responses: {
      ...okJson(OrganisationDetails),
      413: { description: "The image is over 512 KB", content: errorContent },
      415: { description: "Not a PNG, JPEG or WebP image (or not a multipart form)", content: errorContent },
    },
  },
  async (c) => {
    const { file } = (c.req.valid as (t: "form") => In<typeof UploadLogoForm>).call(c.req, "form");
    return c.json(await uploadLogo(await areaContextOf(c), file), 200);
  },
);

api.stored(
  SETTINGS_API.logo,
  "The organisation's logo image (404 when it has none)",
  { query: z.object({ v: z.string().max(40).optional() }) },
  imageResponses,
  LOGO_READ,
  async (ctx) => ({ file: await organisationLogo(ctx), inlineImage: true }),
);

api.post(
  SETTINGS_API.removeLogo,
  "Remove the organisation's logo",
  z.object({}),
  OrganisationDetails,
  DETAILS,
  removeLogo,
);

api.get(
  SETTINGS_API.loginModules,
  "The login module groups, each on or off, with their modules (spec 1 §6: a switched-off group's pages close)",
  NO_QUERY,
  LoginModuleSettings,
  LOGIN_MODULES,
  loginModuleSettings,
);

api.post(
  SETTINGS_API.saveLoginModules,
  "Switch login module groups on or off (Home, Settings and Super stay on); 409 when saved since read",
  LoginModuleSettingsBody,
  LoginModuleSettings,
  LOGIN_MODULES,
  saveLoginModuleSettings,
);

export const settingsApi = api.router();
