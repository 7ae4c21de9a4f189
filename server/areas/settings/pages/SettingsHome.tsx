/**
 * /settings: the settings tabs this user may open (spec 2 §2.2), each a link to its page. Tabs whose
 * screens are not built yet are left out, as the menu leaves them out.
 */
import { RouteLinks } from "../../../pages/RouteLinks.tsx";
import { settingsTabs } from "../../../pages/SettingsTabs.tsx";
import { defineScreen } from "../../../pages/screen.ts";

export const SettingsHomeScreen = defineScreen({
  component: ({ context }) => {
    const tabs = settingsTabs(context.caller!.subject, context.routes);
    return (
      <section className="panel">
        <h2>Settings</h2>
        <RouteLinks links={tabs} look="list" empty="No settings pages are open to you yet." />
      </section>
    );
  },
});
