import type { ReactNode } from "react";
import {
  ancestorsOf,
  buildSideMenu,
  canSeeRouteNamed,
  findRouteByName,
  type MenuItem,
  type RouteDef,
} from "../access/mod.ts";
import type { PageContext } from "./context.ts";
import { defaultSiteId, defaultSpeciesId } from "../auth/userModel.ts";
import { Icon } from "./Icon.tsx";
import { MAIN_END } from "./Document.tsx";
import { roleLabel } from "../access/roles.ts";
import { SettingsTabs } from "./SettingsTabs.tsx";
import { SHELL } from "../areas/mod.ts";

/**
 * The app shell: side menu from the access policy, a header with tenant, site and species pickers
 * (plain forms: shell.js submits them on change, a button does without script), theme and account links.
 */
export function Shell(
  { context, current, children }: { context: PageContext; current?: RouteDef; children: ReactNode },
) {
  const caller = context.caller!;
  // a user who must first replace a temporary password can go nowhere else: no entries that bounce back
  const mustChangePassword = !caller.user.isPasswordUpdated;
  const menu = mustChangePassword ? [] : buildSideMenu(caller.subject, context.routes);
  const active = menuEntryOf(menu, current, context.routes);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">Skip to content</a>
      <aside className="shell-side" id="side-menu" aria-label="Main menu">
        <div className="shell-brand">
          <span className="shell-logo" aria-hidden="true">AM</span>
          <span>Abattoir Manager</span>
        </div>
        <nav>
          <ul className="menu">
            {menu.map((item) => <MenuEntry key={item.name} item={item} active={active} />)}
            {mustChangePassword && (
              <li>
                <a href="/logout">Sign out</a>
              </li>
            )}
          </ul>
        </nav>
      </aside>
      <div className="shell-body">
        <header className="shell-header">
          <button
            type="button"
            className="btn btn-ghost menu-toggle"
            data-menu-toggle
            aria-controls="side-menu"
            aria-expanded="false"
          >
            <Icon name="menu" /> <span className="sr-only">Menu</span>
          </button>
          <h1 className="shell-title">{current?.title ?? ""}</h1>
          <div className="shell-pickers">
            <TenantPicker context={context} />
            <PreferencePicker
              name="siteId"
              label="Site"
              value={defaultSiteId(caller)}
              choices={caller.sites}
            />
            <PreferencePicker
              name="speciesId"
              label="Species"
              value={defaultSpeciesId(caller)}
              choices={caller.species}
            />
          </div>
          <div className="shell-user">
            <span className="push-status" data-push-status="disconnected" title="Live updates" role="status">
              <span className="sr-only">Live updates</span>
            </span>
            {!mustChangePassword && canSeeRouteNamed(caller.subject, "find", context.routes) && (
              <a
                href="/home/find"
                className="btn btn-ghost header-find"
                data-find
                aria-keyshortcuts="/"
                aria-label="Find"
                title="Find orders, invoices, suppliers, NLIS tags (/)"
              >
                <Icon name="search" />
              </a>
            )}
            {!mustChangePassword && canSeeRouteNamed(caller.subject, "notifications", context.routes) && (
              <NotificationBell userId={caller.user.id} />
            )}
            <details className="user-menu">
              <summary>
                <Icon name="user" />{" "}
                {/* on a mid-width screen only the icon shows; the name is still read out */}
                <span className="user-name">
                  {`${caller.user.firstName} ${caller.user.lastName}`.trim() || caller.user.email}
                </span>
                <span className="badge user-role">{roleLabel(caller.roleLevel)}</span>
              </summary>
              <ul>
                <li>
                  <a href="/user/account">Account details</a>
                </li>
                <li>
                  <a href="/user/changepassword">Change password</a>
                </li>
                <li>
                  <a href="/home/notifications">Notifications</a>
                </li>
                <li>
                  <a
                    href={`/home/support?from=${
                      encodeURIComponent(context.url.pathname + context.url.search)
                    }`}
                  >
                    Report a problem
                  </a>
                </li>
                <li>
                  {/* a choice made rarely: in the menu, so the page's title keeps its room on a plant PC */}
                  <label className="theme-picker">
                    Theme
                    <select data-theme-select defaultValue="none">
                      <option value="none">As the system</option>
                      <option value="light">Light</option>
                      <option value="dark">Dark</option>
                    </select>
                  </label>
                </li>
                <li>
                  <a href="/logout">Sign out</a>
                </li>
              </ul>
            </details>
          </div>
        </header>
        {SHELL.banners.map((Banner, i) => <Banner key={i} services={context.services} />)}
        {caller.session.impersonating && (
          <div className="banner banner-warning" role="status">
            You are working in <strong>{caller.tenant.name}</strong> as a super user.
          </div>
        )}
        <main className="shell-main" id="main">
          {current && !mustChangePassword && (
            <SettingsTabs subject={caller.subject} current={current} routes={context.routes} />
          )}
          {children}
          <span id={MAIN_END} />
        </main>
      </div>
    </div>
  );
}

/**
 * The header's bell: a link to the notifications page whose unread count a small plain script
 * (client/runtime/notificationBell.ts) reads after the page is shown and again on every
 * notificationsChanged push, so the page itself stays the same for every count (kept pages).
 */
function NotificationBell({ userId }: { userId: number }) {
  return (
    <a
      href="/home/notifications"
      className="btn btn-ghost notification-bell"
      data-notification-bell={userId}
      aria-label="Notifications"
      title="Notifications"
    >
      <Icon name="bell" />
      <span className="notification-count" data-notification-count hidden />
    </a>
  );
}

/** The menu entry the page is ("page"), or the one it sits under ("location"). */
type Active = { name: string; current: "page" | "location" };

/**
 * The menu entry a page belongs to: its own, else its nearest ancestor's (a report's tab, an invoice's
 * editor), so the menu shows where the page sits.
 */
function menuEntryOf(menu: MenuItem[], page: RouteDef | undefined, routes: readonly RouteDef[]) {
  if (!page) return undefined;
  const inMenu = new Set(menu.flatMap((i) => [i.name, ...(i.children ?? []).map((c) => c.name)]));
  // the page's own definition in this table (the router's may be a copy): its ancestors, nearest first
  const own = findRouteByName(page.name, routes) ?? page;
  const entry = [own, ...ancestorsOf(own, routes).reverse()].find((r) => inMenu.has(r.name));
  return entry && { name: entry.name, current: entry === own ? "page" : "location" } satisfies Active;
}

function MenuEntry({ item, active }: { item: MenuItem; active?: Active }) {
  if (item.children?.length) {
    const open = item.children.some((c) => c.name === active?.name);
    return (
      <li>
        <details open={open}>
          <summary>
            <Icon name={item.icon} /> {item.title}
          </summary>
          <ul>
            {item.children.map((child) => <MenuEntry key={child.name} item={child} active={active} />)}
          </ul>
        </details>
      </li>
    );
  }
  return (
    <li>
      <a href={item.path} aria-current={item.name === active?.name ? active.current : undefined}>
        <Icon name={item.icon} /> {item.title}
        {
          /* support chat replies not read yet: filled by client/runtime/notificationBell.ts; the space keeps
            the count a word of its own, so the entry's name ("Support: 2 unread…") holds what it shows */
        }
        {item.name === "support" && (
          <>
            {" "}
            <span className="menu-count" data-chat-unread hidden />
          </>
        )}
        {item.name === "superHome" && (
          <>
            {" "}
            <span className="menu-count" data-desk-unread hidden />
          </>
        )}
      </a>
    </li>
  );
}

function PickerForm({ action, name, label, value, options }: {
  action: string;
  name: string;
  label: string;
  value: string | number | null;
  options: { value: string | number; label: string }[];
}) {
  if (options.length < 2) {
    return options.length ? <span className="picker-static" title={label}>{options[0].label}</span> : null;
  }
  return (
    <form method="post" action={action} data-autosubmit className="picker">
      <label>
        <span className="sr-only">{label}</span>
        <select name={name} defaultValue={String(value ?? "")} aria-label={label}>
          {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      </label>
      <noscript>
        <button className="btn" type="submit">Go</button>
      </noscript>
    </form>
  );
}

function TenantPicker({ context }: { context: PageContext }) {
  const caller = context.caller!;
  const options = caller.memberships.map((m) => ({ value: m.tenantId, label: m.tenantName }));
  if (!options.some((o) => o.value === caller.tenant.id)) {
    options.push({ value: caller.tenant.id, label: caller.tenant.name });
  }
  return (
    <PickerForm
      action="/user/tenant"
      name="tenantId"
      label="Organisation"
      value={caller.tenant.id}
      options={options}
    />
  );
}

/** The caller's preferred site or species: one of the ones the caller may work with. */
function PreferencePicker(
  { name, label, value, choices }: {
    name: string;
    label: string;
    value: string | number | null;
    choices: readonly { id: number; name: string }[];
  },
) {
  return (
    <PickerForm
      action="/user/preferences"
      name={name}
      label={label}
      value={value}
      options={choices.map((s) => ({ value: s.id, label: s.name }))}
    />
  );
}
