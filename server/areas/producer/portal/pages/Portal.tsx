/**
 * The producer portal's home (/producerportal, issue 44 §3, §5): per processor link, its sections, the
 * next deliveries and latest remittance, and the latest killed lots with their feedback; for the farm's
 * admins, its processor links (server/areas/producer/panels.tsx, also on the Buyers page). No React but the
 * forms' islands.
 */
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDate, formatDecimal, formatHead } from "../../../../../kernel/format.ts";
import { roleValue } from "../../../../access/roles.ts";
import { ApiError } from "../../../../http/errors.ts";
import { producerCode, producerLinkList } from "../../links/operations.ts";
import { ProcessorLinksPanel } from "../../panels.tsx";
import { linkedLots } from "../../feedback/operations.ts";
import type { KillLot } from "../../door.ts";
import { PORTAL_PATHS } from "../paths.ts";
import { SCOPE_WORDS } from "../../links/words.ts";
import { producerNotices, withReadMarks } from "../../notices/operations.ts";
import { NoticesPanel } from "../../notices/NoticesPanel.tsx";
import { glanceOf, LinkGlance } from "../glance.tsx";
import { PortalSections } from "../linkChoice.tsx";

const LATEST_LOTS = 8;

async function lotsOf(ctx: Awaited<ReturnType<typeof pageAreaContext>>, linkId: number) {
  try {
    return { lots: (await linkedLots(ctx, { linkId })).slice(0, LATEST_LOTS), problem: null };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 403 || e.status === 404)) {
      return { lots: [], problem: e.message };
    }
    throw e;
  }
}

export const ProducerPortalScreen = defineScreen({
  loader: async ({ context }) => {
    const ctx = await pageAreaContext(context);
    const isAdmin = roleValue(context.caller!.roleLevel) >= roleValue("admin");
    const links = await producerLinkList(ctx);
    const open = links.filter((l) => l.state === "active");
    const lots = await Promise.all(open.map((l) => l.scopes.includes("feedback") ? lotsOf(ctx, l.id) : null));
    const glances = await Promise.all(open.map((l) => glanceOf(ctx, l)));
    return {
      isAdmin,
      code: isAdmin ? (await producerCode(ctx)).code : null,
      links,
      lots: Object.fromEntries(open.map((l, i) => [l.id, lots[i]])),
      glances: Object.fromEntries(open.map((l, i) => [l.id, glances[i]])),
      notices: await withReadMarks(ctx, await producerNotices(ctx, links.filter((l) => l.state === "ended"))),
    };
  },
  component: ({ data, context }) => {
    const open = data.links.filter((l) => l.state === "active");
    const ended = data.links.filter((l) => l.state === "ended");
    return (
      <>
        {!open.length && (
          <section className="panel">
            <h2>Your processors</h2>
            <p>
              No processor shares its records with you yet. A processor links your farm from its supplier
              record: by email (you accept with the code it sends) or with your farm's code below.
            </p>
          </section>
        )}
        {open.map((link) => {
          const got = data.lots[link.id];
          return (
            <section key={link.id} className="panel" aria-label={`${link.otherName}: kill feedback`}>
              <div className="panel-head">
                <h2>{link.otherName}</h2>
                <span className="muted small">
                  Shares {link.scopes.map((s) => SCOPE_WORDS[s as keyof typeof SCOPE_WORDS] ?? s).join(", ")}
                  {" "}
                  from {formatDate(link.visibleFrom)}
                </span>
              </div>
              <PortalSections linkId={link.id} current="" />
              <LinkGlance linkId={link.id} glance={data.glances[link.id]} />
              {got?.problem && <p role="status">{got.problem}</p>}
              {got && !got.problem && <LotsTable linkId={link.id} lots={got.lots} />}
            </section>
          );
        })}
        <NoticesPanel notices={data.notices} timeZone={context.timeZone} />
        {ended.length > 0 && (
          <section className="panel" aria-label="Ended links">
            <h2>Ended links</h2>
            <ul>
              {ended.map((l) => (
                <li key={l.id}>
                  {l.otherName}: access ended {l.revokedAt ? formatDate(l.revokedAt.slice(0, 10)) : ""}
                </li>
              ))}
            </ul>
          </section>
        )}
        {data.isAdmin && (
          <ProcessorLinksPanel code={data.code ?? ""} links={data.links} redirectTo={PORTAL_PATHS.home} />
        )}
      </>
    );
  },
});

function LotsTable({ linkId, lots }: { linkId: number; lots: KillLot[] }) {
  return (
    <Table
      rows={lots}
      rowKey={(l) => l.livestockOrderId}
      empty="No lot has been killed since the shared day."
      columns={[
        {
          header: "Kill date",
          cell: (l) => (
            <a href={PORTAL_PATHS.lot(linkId, l.livestockOrderId)}>{formatDate(l.productionDate)}</a>
          ),
        },
        { header: "Lot", cell: (l) => l.livestockOrderId },
        { header: "Supplier", cell: (l) => `${l.supplierName}${l.pic ? ` (${l.pic})` : ""}` },
        { header: "Head", cell: (l) => formatHead(l.head) },
        { header: "Condemned", cell: (l) => formatHead(l.condemned) },
        { header: "Average HSCW", cell: (l) => `${formatDecimal(l.averageHscwKg)} kg` },
      ]}
    />
  );
}
