/**
 * Screen pieces other areas show (docs/areas.md, an area's public face): the farm's processor links, for
 * the farm's Buyers page (/home/buyers, spec 1 §6; issue 44 §5) and the portal home. A producer admin reads
 * what each processor shares and from which day, accepts an invitation by its code, gives the farm's code
 * to a processor to be linked, and leaves a link (asked first).
 */
import type { AreaContext } from "../context.ts";
import { ActionButton, DataForm } from "../../pages/islands.tsx";
import { Table } from "../../../client/ui/Table.tsx";
import { formatDate } from "../../../kernel/format.ts";
import { producerCode, producerLinkList } from "./links/operations.ts";
import { LINKS_API } from "./links/api.ts";
import { SCOPE_WORDS } from "./links/words.ts";
import type { LinkScope } from "../../../db/control/producerLinks.ts";

type FarmLink = Awaited<ReturnType<typeof producerLinkList>>[number];

export interface ProcessorLinks {
  code: string;
  links: FarmLink[];
}

/** The farm's code and its links (open first), for ProcessorLinksPanel. */
export async function processorLinksOf(ctx: AreaContext): Promise<ProcessorLinks> {
  const [{ code }, links] = await Promise.all([producerCode(ctx), producerLinkList(ctx)]);
  return { code, links };
}

const STATE_WORDS = { waiting: "Invitation waiting", active: "Linked", ended: "Ended" } as const;

const sharedWords = (scopes: readonly string[]) =>
  scopes.map((s) => SCOPE_WORDS[s as LinkScope] ?? s).join(", ") || "nothing";

/** The links table (what each processor shares), accepting an invitation, the farm's code, leaving. */
export function ProcessorLinksPanel({ code, links, redirectTo }: ProcessorLinks & { redirectTo: string }) {
  const open = links.filter((l) => l.state === "active");
  return (
    <section className="panel" aria-label="Processor links">
      <h2>Processor links</h2>
      <Table
        rows={links}
        rowKey={(l) => l.id}
        empty="No processor is linked to your farm yet."
        columns={[
          { header: "Processor", cell: (l) => l.otherName },
          { header: "State", cell: (l) => STATE_WORDS[l.state as keyof typeof STATE_WORDS] ?? l.state },
          { header: "Shares", cell: (l) => sharedWords(l.scopes) },
          { header: "From", className: "nowrap", cell: (l) => formatDate(l.visibleFrom) },
          {
            header: "Ended",
            className: "nowrap",
            cell: (l) => (l.revokedAt ? formatDate(l.revokedAt.slice(0, 10)) : "—"),
          },
        ]}
      />
      <p>
        Your farm's code:{" "}
        <strong data-producer-code>{code}</strong>. Give it to a processor to be linked to your supplier
        record there.
      </p>
      <h3>Accept an invitation</h3>
      <DataForm
        fields={[{
          name: "code",
          label: "Code from the email",
          type: "text",
          required: true,
          autoComplete: "off",
        }]}
        initial={{ code: "" }}
        submit={{ method: "POST", url: LINKS_API.acceptProcessorLink }}
        submitLabel="Accept"
        successToast="The processor link was accepted."
        redirectTo={redirectTo}
      />
      {open.length > 0 && <h3>Leave a link</h3>}
      {open.map((l) => (
        <p key={l.id}>
          <ActionButton
            label={`Leave ${l.otherName}`}
            url={LINKS_API.leaveProcessorLink}
            body={{ linkId: l.id }}
            variant="danger"
            confirm={`Stop seeing ${l.otherName}'s records? It must link you again to undo this.`}
            successToast="You left the link."
          />
        </p>
      ))}
    </section>
  );
}
