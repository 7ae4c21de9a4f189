/**
 * Pure rules of the settings area: the ABN checksum, Australian addresses and time zones, the kinds of
 * site location and carcass the plant may name, tenant setting types, and the small text format of the
 * help content (rendered on the server, never as raw HTML). No I/O: the islands and tests may use them.
 */
export { AUSTRALIAN_STATES } from "../../../kernel/enums.ts";
export { isKnownTenantSettingType, TENANT_SETTING_TYPES } from "../../access/flags.ts";
import type { TenantSettingType } from "../../access/flags.ts";
import type { LoginModuleGroup } from "../../access/modules.ts";

/** ABN weights of the ATO's check (business.gov.au "ABN format"). */
const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** The ABN's digits without spaces ("51 824 753 556" → "51824753556"). */
export const abnDigits = (abn: string) => abn.replace(/\s+/g, "");

/**
 * An ABN is 11 digits whose weighted sum, after taking 1 from the first digit, divides by 89.
 * A blank ABN is allowed (not every organisation has given one yet).
 */
export function abnProblem(abn: string): string | null {
  const digits = abnDigits(abn);
  if (digits === "") return null;
  if (!/^\d{11}$/.test(digits)) return "An ABN has 11 digits.";
  const sum = [...digits].reduce(
    (total, d, i) => total + (Number(d) - (i === 0 ? 1 : 0)) * ABN_WEIGHTS[i],
    0,
  );
  return sum % 89 === 0 ? null : "That is not a valid ABN: check the digits.";
}

/** "51824753556" → "51 824 753 556". */
export function formatAbn(abn: string): string {
  const d = abnDigits(abn);
  return /^\d{11}$/.test(d) ? `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8)}` : abn;
}

/** Australian postcodes are 4 digits. */
export const isPostcode = (postcode: string) => /^\d{4}$/.test(postcode);

/** The values of a list of choices, as the non-empty list `z.enum` takes. */
function valuesOf<T extends string>(choices: readonly { value: T }[]) {
  return choices.map((c) => c.value) as [T, ...T[]];
}

/** The Australian IANA zones (the plant's clock); every one is a zone the runtime knows. */
export const AUSTRALIAN_TIME_ZONES = [
  { value: "Australia/Sydney", label: "Sydney, Canberra (NSW, ACT)" },
  { value: "Australia/Melbourne", label: "Melbourne (VIC)" },
  { value: "Australia/Brisbane", label: "Brisbane (QLD, no daylight saving)" },
  { value: "Australia/Adelaide", label: "Adelaide (SA)" },
  { value: "Australia/Broken_Hill", label: "Broken Hill (NSW, on SA time)" },
  { value: "Australia/Darwin", label: "Darwin (NT)" },
  { value: "Australia/Perth", label: "Perth (WA)" },
  { value: "Australia/Eucla", label: "Eucla (WA, central western time)" },
  { value: "Australia/Hobart", label: "Hobart (TAS)" },
  { value: "Australia/Lord_Howe", label: "Lord Howe Island" },
] as const;
export type AustralianTimeZone = typeof AUSTRALIAN_TIME_ZONES[number]["value"];
export const TIME_ZONE_VALUES = valuesOf(AUSTRALIAN_TIME_ZONES);

/** Kinds of place on a site (tenantSiteLocationType); the kill agenda uses the kill floors. */
export const SITE_LOCATION_TYPES = [
  { value: "KillFloor", label: "Kill floor" },
  { value: "Stockyard", label: "Stockyard" },
  { value: "Chiller", label: "Chiller" },
  { value: "BoningRoom", label: "Boning room" },
] as const;
export type SiteLocationType = typeof SITE_LOCATION_TYPES[number]["value"];
export const SITE_LOCATION_TYPE_VALUES = valuesOf(SITE_LOCATION_TYPES);
export const siteLocationTypeLabel = (value: string) =>
  SITE_LOCATION_TYPES.find((t) => t.value === value)?.label ?? value;

/** How the plant buys carcasses (not shown in the spec: the usual Australian trade terms). */
export const CARCASS_TYPES = [
  { value: "hscw", label: "Hot standard carcass weight (over the hooks)" },
  { value: "liveWeight", label: "Live weight (per kg live)" },
  { value: "perHead", label: "Per head" },
  { value: "skinOn", label: "Skin-on carcass (goat, pig)" },
] as const;
export type CarcassType = typeof CARCASS_TYPES[number]["value"];
export const CARCASS_TYPE_VALUES = valuesOf(CARCASS_TYPES);

/** The largest logo taken: a logo is small, and the request stays under the app's body limit. */
export const LOGO_MAX_BYTES = 512 * 1024;

/** Default and limits of the kill agenda's planning days (the strip of days ahead). */
export const AGENDA_PLANNING_DAYS = { default: 2, min: 1, max: 7 } as const;

/** Plain words for the tenant setting types (never the enum name on screen). */
export const TENANT_SETTING_LABELS: Record<TenantSettingType, { label: string; help: string }> = {
  rfidDiscrepancies: {
    label: "RFID discrepancies",
    help: "Shows the race reader's RFID discrepancies page to the stockyard.",
  },
  allowReprocessingDuringOnboarding: {
    label: "Reprocessing during onboarding",
    help: "Lets the support team reprocess yield data while the plant is being set up.",
  },
  dynamicThemeColors: {
    label: "Organisation theme colours",
    help: "Uses the organisation's own colours in the app's theme.",
  },
  emailRemittancesOnPublish: {
    label: "Email remittances when published",
    help: "Emails each invoice's remittance advice (its RCTI) to the supplier's contact address as soon as " +
      "it is published, trying again for a few hours while the mail server does not answer (you are told " +
      'if it gives up); without it, the invoice\'s "Email to supplier" sends it.',
  },
};

/** Support content types (spec 2 §9): 1 Support, 2 Releases. */
export const SUPPORT_TYPES = { support: 1, releases: 2 } as const;
export type SupportTypeId = typeof SUPPORT_TYPES[keyof typeof SUPPORT_TYPES];

/** A section key: what follows /support/content/ (letters, digits, dashes). */
export const SECTION_KEY = /^[a-z0-9][a-z0-9-]{0,59}$/;

/** "Getting started!" → "getting-started". */
export function sectionKeyOf(title: string): string {
  return title.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "")
    .slice(0, 60) || "section";
}

/** A block of help text: a paragraph or a list, each a run of plain and bold pieces. */
export type Inline = { text: string; bold: boolean };
export type Block = { kind: "paragraph"; lines: Inline[][] } | { kind: "list"; items: Inline[][] };

/** "**Save** first" → [{Save, bold}, { first}]; an unpaired ** stays as typed. */
export function inlinePieces(line: string): Inline[] {
  const parts = line.split("**");
  if (parts.length % 2 === 0) return [{ text: line, bold: false }];
  return parts.map((text, i) => ({ text, bold: i % 2 === 1 })).filter((p) => p.text !== "");
}

/**
 * The help text as blocks: blank lines part paragraphs; lines starting "- " or "* " make a list. The
 * text is never HTML: what a super user types is shown as typed.
 */
export function helpBlocks(body: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of body.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    const lines = chunk.split("\n").map((l) => l.trimEnd()).filter((l) => l.trim() !== "");
    if (!lines.length) continue;
    const isItem = (l: string) => /^\s*[-*]\s+/.test(l);
    let paragraph: string[] = [];
    let list: string[] = [];
    const flush = () => {
      if (paragraph.length) blocks.push({ kind: "paragraph", lines: paragraph.map(inlinePieces) });
      if (list.length) {
        blocks.push({ kind: "list", items: list.map((l) => inlinePieces(l.replace(/^\s*[-*]\s+/, ""))) });
      }
      paragraph = [];
      list = [];
    };
    for (const line of lines) {
      if (isItem(line)) {
        if (paragraph.length) flush();
        list.push(line);
      } else {
        if (list.length) flush();
        paragraph.push(line.trim());
      }
    }
    flush();
  }
  return blocks;
}

// ---------------------------------------------------------------- login module groups

/** Each login module group in plain words, for Settings › Login modules (the modules are listed beside). */
export const LOGIN_MODULE_GROUP_WORDS: Record<LoginModuleGroup, { label: string; help: string }> = {
  Home: {
    label: "Everyday work",
    help: "Always on: switch single modules off with the organisation's licence instead.",
  },
  Settings: { label: "Settings", help: "Always on: this page is one of them." },
  Reports: { label: "Reports", help: "The livestock dashboards and the order report." },
  Yield: { label: "Yield", help: "Yield reports and yield revenue." },
  Production: {
    label: "Production planning",
    help: "The schedule builder, recipes and product definitions.",
  },
  Tester: { label: "Testing tools", help: "The test and support staff's pages." },
  Super: { label: "Platform administration", help: "Always on: only super users see these pages." },
};
