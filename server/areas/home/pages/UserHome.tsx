import { buildSideMenu, type MenuItem } from "../../../access/mod.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { roleLabel } from "../../../access/roles.ts";
import { Facts } from "../../../../client/ui/Facts.tsx";
import { defaultSiteId } from "../../../auth/userModel.ts";
import { RouteLinks } from "../../../pages/RouteLinks.tsx";
import { clockTime } from "../../../../kernel/format.ts";
import { serverNow } from "../../../clock.ts";

function greeting(hour: number) {
  return hour < 12 ? "Good morning" : hour < 18 ? "Good afternoon" : "Good evening";
}

/** The default home: who and where you are, and the screens you can open. */
export const UserHomeScreen = defineScreen({
  component: ({ context }) => {
    const caller = context.caller!;
    const flat = (items: MenuItem[]): MenuItem[] =>
      items.flatMap((i) => (i.children?.length ? flat(i.children) : [i]));
    // not this page, nor the menu's Home (this page, or the home page a role lands on: the header's job)
    const links = flat(buildSideMenu(caller.subject, context.routes)).filter((i) =>
      i.name !== "home" && i.path !== context.url.pathname
    );
    const site = caller.sites.find((s) => s.id === defaultSiteId(caller));
    return (
      <>
        <section className="panel">
          <h2>
            {greeting(Number(clockTime(serverNow(), context.timeZone).slice(0, 2)))},{" "}
            {caller.user.firstName || caller.user.email}
          </h2>
          <Facts
            items={[["Organisation", caller.tenant.name], ["Site", site?.name ?? "—"], [
              "Species",
              caller.species.map((s) => s.name).join(", ") || "—",
            ], ["Role", roleLabel(caller.roleLevel)]]}
          />
        </section>
        <section className="panel">
          <h2>Your screens</h2>
          <RouteLinks links={links} look="tiles" empty="No other screens are available to you yet." />
        </section>
      </>
    );
  },
});
