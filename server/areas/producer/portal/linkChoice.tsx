/**
 * The processor a portal list is read through: the link asked for (?link=N), else the first open link
 * that shares the scope; the other such links as a row of choices. A read the door refuses (ended link,
 * scope withdrawn) becomes the door's sentence in place of the list.
 */
import type { LinkScope } from "../../../../db/control/producerLinks.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import { producerLinkList } from "../links/operations.ts";
import { PORTAL_PATHS } from "./paths.ts";

export interface LinkChoice {
  links: { id: number; name: string }[];
  chosen: number | null;
}

export async function chooseLink(ctx: AreaContext, scope: LinkScope, asked?: number): Promise<LinkChoice> {
  const open = (await producerLinkList(ctx)).filter((l) => l.state === "active" && l.scopes.includes(scope));
  // two links to one processor (different supplier records there) are told apart by their number
  const twice = (name: string) => open.filter((l) => l.otherName === name).length > 1;
  const links = open.map((l) => ({
    id: l.id,
    name: twice(l.otherName) ? `${l.otherName} (link ${l.id})` : l.otherName,
  }));
  return { links, chosen: asked ?? links[0]?.id ?? null };
}

/** The read, or the door's refusal in words (403 ended or not shared, 404 not the farm's). */
export async function readOrProblem<T>(read: () => Promise<T>): Promise<{ got: T } | { problem: string }> {
  try {
    return { got: await read() };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 403 || e.status === 404)) return { problem: e.message };
    throw e;
  }
}

export function LinkChoices({ choice, href, what }: {
  choice: LinkChoice;
  href: (linkId: number) => string;
  what: string;
}) {
  if (!choice.links.length) {
    return <p role="status">No processor shares {what} with you yet.</p>;
  }
  if (choice.links.length === 1 && choice.links[0].id === choice.chosen) return null;
  return (
    <nav className="no-print" aria-label="Processors">
      {choice.links.map((l) => (
        <a
          key={l.id}
          className={l.id === choice.chosen ? "btn btn-primary" : "btn"}
          href={href(l.id)}
          aria-current={l.id === choice.chosen ? "page" : undefined}
        >
          {l.name}
        </a>
      ))}
    </nav>
  );
}

const SECTIONS = [
  ["Orders", PORTAL_PATHS.orders],
  ["Deliveries", PORTAL_PATHS.deliveries],
  ["Remittances", PORTAL_PATHS.remittances],
  ["Trend", PORTAL_PATHS.trend],
] as const;

/** The portal's lists for one processor link (the one open is marked). */
export function PortalSections({ linkId, current }: { linkId: number | null; current: string }) {
  if (linkId === null) return null;
  return (
    <nav className="no-print" aria-label="Portal sections">
      {SECTIONS.map(([label, href]) => (
        <a
          key={label}
          href={href(linkId)}
          className={label === current ? "btn btn-primary" : "btn btn-ghost"}
          aria-current={label === current ? "page" : undefined}
        >
          {label}
        </a>
      ))}
    </nav>
  );
}
