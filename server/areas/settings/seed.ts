/**
 * The demo's help and release notes (control database: the same for every organisation). Run by the
 * demo seeder once the species are in; only when there is no section yet, so edits survive restarts.
 */
import type { ControlDb } from "../../../db/client.ts";
import { supportSections } from "../../../db/control/schema.ts";
import { SUPPORT_TYPES } from "./rules.ts";

const SECTIONS = [
  {
    settingTypeId: SUPPORT_TYPES.support,
    sectionKey: "getting-started",
    title: "Getting started",
    sortOrder: 1,
    body: `Choose your **site** and **species** in the header: every list starts from them.

The menu on the left shows the parts of the app your organisation uses:
- **Livestock** for order groups, orders and deliveries
- **Stockyard** for yards, pens and mobs
- **Kill agenda** for the order of the day's kill`,
  },
  {
    settingTypeId: SUPPORT_TYPES.support,
    sectionKey: "reporting-a-problem",
    title: "Reporting a problem",
    sortOrder: 2,
    body: `Open your name at the top right and choose **Report a problem**.
Say what you did and what happened: your support team gets the page and your browser with it.`,
  },
  {
    settingTypeId: SUPPORT_TYPES.releases,
    sectionKey: "release-2026-11",
    title: "November 2026",
    sortOrder: 202611,
    body: `- Settings tabs show only the tabs you can open
- Organisation details keep the ABN, address, contacts and time zone
- Notifications list plant system errors when your organisation has them switched on`,
  },
];

export async function seedSupportContent(control: ControlDb) {
  if ((await control.select({ id: supportSections.id }).from(supportSections).limit(1)).length) return;
  const at = new Date().toISOString();
  await control.insert(supportSections).values(
    SECTIONS.map((s) => ({ ...s, lastModifiedUtc: at, modifiedBy: "Demo" })),
  );
}
