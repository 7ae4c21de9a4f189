/**
 * /settings: the settings tabs this user may open (spec 2 §2.2), each a link to its page. Tabs whose
 * screens are not built yet are left out, as the menu leaves them out.
 */
import { canSeeRoute } from "../../../access/policy.ts";
import { findRouteByName } from "../../../access/routes.ts";
import { Icon } from "../../../pages/Icon.tsx";
import { defineScreen } from "../../../pages/screen.ts";

export const SettingsHomeScreen = defineScreen({
  component: ({ context }) => {
    const subject = context.caller!.subject;
    const tabs = (findRouteByName("settings", context.routes)?.children ?? [])
      .filter((r) => r.built && !r.path.includes("$") && canSeeRoute(subject, r, context.routes));
    return (
      <section className="panel">
        <h2>Settings</h2>
        {tabs.length
          ? (
            <ul className="link-list">
              {tabs.map((r) => (
                <li key={r.name}>
                  <a href={r.path}>
                    <Icon name={r.icon} /> {r.title}
                  </a>
                </li>
              ))}
            </ul>
          )
          : <p className="muted">No settings pages are open to you yet.</p>}
      </section>
    );
  },
});
