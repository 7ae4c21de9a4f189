/**
 * /user/settings (spec 3 §6 "user settings page", super only; linked from the testing home): the super
 * user's own saved settings (spec 3 §3 "user settings (settingType, value)") in plain words, each with
 * the screen that changes it. Read-only: each setting keeps the one screen that writes it.
 */
import { Table } from "../../../../../client/ui/Table.tsx";
import { USER_SETTING_TYPES, type UserSettingType } from "../../../../access/flags.ts";
import { defineScreen } from "../../../../pages/screen.ts";

/** What each setting is, and where it is changed. */
const SETTINGS: Record<UserSettingType, { label: string; where?: [string, string] }> = {
  homepage: { label: "Home page", where: ["/user/account", "Account details"] },
  invoicing: { label: "Invoicing choices", where: ["/home/invoicemanager", "Invoice manager"] },
  species: { label: "Species shown", where: ["/home", "the header's species"] },
  yield: { label: "Yield choices", where: ["/yield", "Yield reporting"] },
  tenantSite: { label: "Site shown", where: ["/home", "the header's site"] },
  admin: { label: "Admin permissions (a super user has them all)" },
  speciesId: { label: "Species last chosen", where: ["/home", "the header's species"] },
  yieldCustomDashboard: { label: "Yield custom dashboard", where: ["/yield", "Yield reporting"] },
  reportFavourites: { label: "Favourite reports" },
  displayUserSettings: {
    label: "TV display choices",
    where: ["/display/configure", "Display configuration"],
  },
};

const words = (key: string) =>
  key.replace(/^(is|has)(?=[A-Z])/, "").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

/** A saved value in words: yes/no, lists by their length, objects as their fields. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "not set";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? "" : "s"}`;
  if (typeof value === "object") {
    const parts = Object.entries(value as Record<string, unknown>).map(([k, v]) =>
      `${words(k)}: ${valueText(v)}`
    );
    return parts.join("; ") || "not set";
  }
  return String(value);
}

export const UserSettingsScreen = defineScreen({
  loader: ({ context }) => {
    const saved = context.caller!.subject.userSettings;
    return USER_SETTING_TYPES.map((type) => ({
      type,
      ...SETTINGS[type],
      value: saved.find((s) => s.settingType === type)?.value,
    }));
  },
  component: ({ data, context }) => (
    <section className="panel" aria-labelledby="us-title">
      <h2 id="us-title">Your settings</h2>
      <p className="muted">
        What the app keeps for you ({context.caller!.user.email}), and where each is changed.
      </p>
      <Table
        rows={data}
        rowKey={(r) => r.type}
        empty="No settings."
        columns={[
          { header: "Setting", cell: (r) => <strong>{r.label}</strong> },
          { header: "Saved", cell: (r) => valueText(r.value) },
          { header: "Changed on", cell: (r) => (r.where ? <a href={r.where[0]}>{r.where[1]}</a> : "—") },
        ]}
      />
      <p className="muted small">
        Back to the <a href="/super/testing">testing home</a>.
      </p>
    </section>
  ),
});
