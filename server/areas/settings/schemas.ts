/**
 * The settings area at the API boundary (spec 2 §7.4 "Paths and shapes: not shown": ours, in
 * docs/decisions.md). Every text is trimmed and bounded; Australian formats are checked here.
 */
import { z } from "@hono/zod-openapi";
import { idNumber, wholeNumber } from "../../http/params.ts";
import {
  LOGIN_MODULE_GROUPS,
  type LoginModuleGroup,
  SWITCHABLE_LOGIN_MODULE_GROUPS,
} from "../../access/modules.ts";
import {
  abnDigits,
  abnProblem,
  AGENDA_PLANNING_DAYS,
  AUSTRALIAN_STATES,
  CARCASS_TYPE_VALUES,
  isPostcode,
  LOGIN_MODULE_GROUP_WORDS,
  SECTION_KEY,
  SITE_LOCATION_TYPE_VALUES,
  TIME_ZONE_VALUES,
} from "./rules.ts";

const text = (max: number) => z.string().trim().max(max, `Keep it under ${max} characters`);
const optionalEmail = z.string().trim().max(200).refine(
  (s) => s === "" || z.email().safeParse(s).success,
  "Give an email address such as accounts@example.com.au",
);
const stamp = z.string().max(40).optional();

// ---------------------------------------------------------------- organisation details

export const OrganisationDetails = z.object({
  tenantId: z.number().int(),
  name: z.string(),
  category: z.string(),
  abn: z.string(),
  street: z.string(),
  suburb: z.string(),
  state: z.string(),
  postcode: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  accountsEmail: z.string(),
  timeZone: z.string(),
  logoRef: z.string().nullable(),
  lastModified: z.string().nullable(),
}).openapi("OrganisationDetails");

export const OrganisationDetailsBody = z.object({
  name: z.string({ message: "Give the organisation's name" }).trim().min(2, "Give the organisation's name")
    .max(120, "Keep the name under 120 characters"),
  abn: text(20).default("").superRefine((s, ctx) => {
    const problem = abnProblem(s);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }).transform(abnDigits),
  street: text(200).default(""),
  suburb: text(80).default(""),
  state: z.enum(["", ...AUSTRALIAN_STATES], { message: "Choose an Australian state or territory" })
    .default(""),
  postcode: text(4).default("").refine((s) => s === "" || isPostcode(s), "A postcode has 4 digits"),
  contactName: text(120).default(""),
  contactEmail: optionalEmail.default(""),
  contactPhone: text(30).default("").refine(
    (s) => s === "" || /^[+\d][\d ()-]{7,}$/.test(s),
    "Give a phone number such as 02 6922 1234",
  ),
  accountsEmail: optionalEmail.default(""),
  timeZone: z.enum(TIME_ZONE_VALUES, { message: "Choose one of the Australian time zones" }),
  lastModified: stamp,
}).openapi("OrganisationDetailsBody");

export const Site = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
}).openapi("TenantSite");

export const SiteBody = z.object({
  /** absent: a new site */
  id: idNumber().optional(),
  name: z.string({ message: "Give the site's name" }).trim().min(2, "Give the site's name")
    .max(80, "Keep the name under 80 characters"),
  isActive: z.boolean().default(true),
}).openapi("TenantSiteBody");

export const SiteLocation = z.object({
  id: z.number().int(),
  tenantSiteId: z.number().int(),
  siteName: z.string(),
  name: z.string(),
  tenantSiteLocationType: z.string(),
  typeLabel: z.string(),
  speciesIds: z.array(z.number().int()),
  isActive: z.boolean(),
  lastModified: z.string(),
}).openapi("TenantSiteLocation");

export const SiteLocationBody = z.object({
  id: idNumber().optional(),
  tenantSiteId: idNumber(),
  name: z.string({ message: "Give the location's name" }).trim().min(2, "Give the location's name")
    .max(80, "Keep the name under 80 characters"),
  tenantSiteLocationType: z.enum(SITE_LOCATION_TYPE_VALUES, { message: "Choose what kind of place it is" }),
  speciesIds: z.array(idNumber()).max(20).default([]),
  isActive: z.boolean().default(true),
  lastModified: stamp,
}).openapi("TenantSiteLocationBody");

// ---------------------------------------------------------------- stock settings

export const StockSettings = z.object({
  speciesIds: z.array(z.number().int()),
  speciesCategoryIds: z.array(z.number().int()),
  carcassTypes: z.array(z.string()),
  agendaPlanningDays: z.number().int(),
  lastModified: z.string().nullable(),
}).openapi("StockSettings");

export const StockSettingsBody = z.object({
  speciesIds: z.array(idNumber()).min(1, "Choose at least one species").max(20),
  speciesCategoryIds: z.array(idNumber()).max(100).default([]),
  carcassTypes: z.array(z.enum(CARCASS_TYPE_VALUES, { message: "Choose from the carcass types listed" }))
    .max(CARCASS_TYPE_VALUES.length).default([]),
  agendaPlanningDays: wholeNumber({ min: AGENDA_PLANNING_DAYS.min, max: AGENDA_PLANNING_DAYS.max }),
  lastModified: stamp,
}).openapi("StockSettingsBody");

// ---------------------------------------------------------------- tenant settings

export const TenantSetting = z.object({
  settingType: z.string(),
  label: z.string(),
  help: z.string(),
  value: z.object({ isEnabled: z.boolean() }).catchall(z.unknown()),
}).openapi("TenantSetting");

/** The type is checked by the service against the known types: an unknown one is refused in words. */
export const TenantSettingBody = z.object({
  settingType: z.string({ message: "Say which setting" }).trim().min(1, "Say which setting").max(60),
  value: z.object({ isEnabled: z.boolean({ message: "Say whether it is on or off" }) }).strict(),
}).openapi("UpsertTenantSettingBody");

// ---------------------------------------------------------------- support content

export const SupportSection = z.object({
  id: z.number().int(),
  settingTypeId: z.number().int(),
  sectionKey: z.string(),
  title: z.string(),
  body: z.string(),
  sortOrder: z.number().int(),
  lastModifiedUtc: z.string(),
  modifiedBy: z.string(),
}).openapi("SupportSection");

export const SupportContent = z.object({
  settingTypeId: z.number().int(),
  sections: z.array(SupportSection),
  lastModifiedUtc: z.string().nullable(),
}).openapi("SupportContent");

export const SupportContentQuery = z.object({
  settingTypeId: z.enum(["1", "2"], { message: "Ask for 1 (support) or 2 (release notes)" })
    .transform(Number),
});

export const SectionKeyParam = z.object({
  sectionKey: z.string().regex(SECTION_KEY, "A section key is lower-case letters, digits and dashes")
    .openapi({ param: { name: "sectionKey", in: "path" }, example: "getting-started" }),
});

export const SupportSectionBody = z.object({
  id: idNumber().optional(),
  settingTypeId: z.union([z.literal(1), z.literal(2)], {
    message: "Say whether it is help or a release note",
  }),
  /** blank: made from the title */
  sectionKey: z.string().trim().max(60).refine((s) => s === "" || SECTION_KEY.test(s), {
    message: "Use lower-case letters, digits and dashes",
  }).default(""),
  title: z.string({ message: "Give the section a title" }).trim().min(2, "Give the section a title")
    .max(120, "Keep the title under 120 characters"),
  body: z.string().trim().max(20_000, "Keep the text under 20,000 characters").default(""),
  sortOrder: wholeNumber({ min: 0, max: 9999 }).default(0),
  lastModifiedUtc: stamp,
}).openapi("SupportSectionBody");

export const IdBody = z.object({ id: idNumber() }).openapi("SettingsIdBody");

/** The logo upload: one file part (PNG, JPEG or WebP, judged by its bytes). */
export const UploadLogoForm = z.object({
  file: z.custom<File>((value) => value instanceof File, { error: "Choose an image file." })
    .openapi({
      type: "string",
      format: "binary",
      description: "a PNG, JPEG or WebP image of at most 512 KB",
    }),
}).openapi("UploadOrganisationLogoForm");

// ---------------------------------------------------------------- login module groups

export const LoginModuleSettings = z.object({
  groups: z.array(z.object({
    group: z.enum(LOGIN_MODULE_GROUPS),
    label: z.string(),
    help: z.string(),
    isEnabled: z.boolean(),
    /** false: Home, Settings and Super stay on */
    canSwitchOff: z.boolean(),
    modules: z.array(z.object({ key: z.string(), name: z.string(), isLicensed: z.boolean() })),
  })),
  /** null until the groups are first saved */
  lastModified: z.string().nullable(),
}).openapi("LoginModuleSettings");

const isSwitchable = (group: LoginModuleGroup) =>
  (SWITCHABLE_LOGIN_MODULE_GROUPS as readonly LoginModuleGroup[]).includes(group);

/** Groups not named stay as they are; an always-on group may be sent only as on. */
export const LoginModuleSettingsBody = z.object({
  groups: z.strictObject(
    Object.fromEntries(
      LOGIN_MODULE_GROUPS.map((g) => [g, z.boolean({ message: "Say whether it is on or off" }).optional()]),
    ) as Record<LoginModuleGroup, z.ZodOptional<z.ZodBoolean>>,
    { error: "Name the groups of modules this app knows, each on or off" },
  ),
  lastModified: z.string().max(40).nullable().optional(),
}).superRefine((body, check) => {
  for (const group of LOGIN_MODULE_GROUPS) {
    if (body.groups[group] === false && !isSwitchable(group)) {
      check.addIssue({
        code: "custom",
        path: ["groups", group],
        message: `${LOGIN_MODULE_GROUP_WORDS[group].label} is always on.`,
      });
    }
  }
}).openapi("UpdateLoginModuleSettingsBody");
