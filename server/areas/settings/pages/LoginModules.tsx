/**
 * Settings › Login modules: an admin chooses which groups of modules the organisation uses (one checkbox
 * per group, the always-on ones shown ticked and read-only). A switched-off group's pages leave the menu
 * and answer "not available" for everyone but super users.
 */
import type { DataFormProps } from "../../../../client/islands/DataForm.tsx";
import { SWITCHABLE_LOGIN_MODULE_GROUPS } from "../../../access/modules.ts";
import { DataForm } from "../../../pages/islands.tsx";
import { defineScreen } from "../../../pages/screen.ts";
import { pageAreaContext } from "../../context.ts";
import { SETTINGS_API } from "../api.ts";
import { loginModuleSettings } from "../operations/loginModules.ts";

type Settings = Awaited<ReturnType<typeof loginModuleSettings>>;

/** The group's modules in words: those the organisation holds, or that it holds none of them. */
function modulesSaid(modules: Settings["groups"][number]["modules"]) {
  const held = modules.filter((m) => m.isLicensed).map((m) => m.name);
  return held.length ? `Modules: ${held.join(", ")}.` : "The organisation holds none of its modules.";
}

function formProps(settings: Settings, tenantId: number): DataFormProps {
  return {
    id: "login-modules",
    fields: settings.groups.map((g) => ({
      name: `groups.${g.group}`,
      label: g.label,
      type: "checkbox" as const,
      readOnly: !g.canSwitchOff,
      help: `${g.help} ${modulesSaid(g.modules)}`,
    })),
    // the tenant's id makes it an edit: Save waits for a change
    initial: {
      id: tenantId,
      lastModified: settings.lastModified,
      ...Object.fromEntries(settings.groups.map((g) => [`groups.${g.group}`, g.isEnabled])),
    },
    submit: {
      method: "POST",
      url: SETTINGS_API.saveLoginModules,
      bodyFields: [...SWITCHABLE_LOGIN_MODULE_GROUPS.map((g) => `groups.${g}`), "lastModified"],
    },
    submitLabel: "Save",
    successToast: "The login modules are saved: menus change when each page is next opened.",
  };
}

export const LoginModulesScreen = defineScreen({
  loader: async ({ context }) => {
    const ctx = await pageAreaContext(context);
    return { settings: await loginModuleSettings(ctx), tenantId: ctx.tenantId };
  },
  component: ({ data }) => (
    <section className="panel" aria-labelledby="login-modules-title">
      <h2 id="login-modules-title">Login modules</h2>
      <p className="muted">
        Which groups of modules people in the organisation use. A group switched off leaves the menu and its
        pages are closed to everyone but the platform's super users.
      </p>
      <DataForm {...formProps(data.settings, data.tenantId)} />
    </section>
  ),
});
