/**
 * A portal list read through one link, a page at a time (orders, deliveries, remittances): the loader
 * chooses the link and reads; the frame names the processor, offers the other processors, shows the door's
 * refusal in words and pages with links (no script).
 */
import type { ReactNode } from "react";
import { z } from "zod";
import { idNumber, wholeNumber } from "../../../http/params.ts";
import { type AreaContext, pageAreaContext } from "../../context.ts";
import { Pager } from "../../../../client/ui/Pager.tsx";
import type { LinkScope } from "../../../../db/control/producerLinks.ts";
import type { LinkPage } from "../door.ts";
import { chooseLink, LinkChoices, PortalSections, readOrProblem } from "./linkChoice.tsx";
import { PORTAL_PATHS } from "./paths.ts";
import { PORTAL_PAGE_SIZE } from "./rules.ts";

export const PagedSearch = z.object({
  link: idNumber().optional(),
  offset: wholeNumber({ min: 0 }).optional(),
});

export function pagedLoader<T>(
  scope: LinkScope,
  read: (ctx: AreaContext, q: { linkId: number; offset?: number }) => Promise<LinkPage<T>>,
) {
  return async ({ context, search }: {
    context: Parameters<typeof pageAreaContext>[0];
    search: z.infer<typeof PagedSearch>;
  }) => {
    const ctx = await pageAreaContext(context);
    const choice = await chooseLink(ctx, scope, search.link);
    const linkId = choice.chosen;
    const page = linkId === null
      ? null
      : await readOrProblem(() => read(ctx, { linkId, offset: search.offset }));
    return { choice, page, offset: search.offset ?? 0 };
  };
}

export function PagedList<T>({ data, what, href, children }: {
  data: Awaited<ReturnType<ReturnType<typeof pagedLoader<T>>>>;
  what: string;
  href: (linkId: number, offset?: number) => string;
  children: (rows: T[]) => ReactNode;
}) {
  const { choice, page } = data;
  const name = choice.links.find((l) => l.id === choice.chosen)?.name;
  return (
    <section className="panel" aria-label={what}>
      <div className="panel-head">
        <h2>{name ? `${name}: ${what}` : what}</h2>
        <a href={PORTAL_PATHS.home} className="no-print">Back to the producer portal</a>
      </div>
      <PortalSections linkId={choice.chosen} current={what[0].toUpperCase() + what.slice(1)} />
      <LinkChoices choice={choice} href={(id) => href(id)} what={what} />
      {page && "problem" in page && <p role="status" data-access-ended>{page.problem}</p>}
      {page && "got" in page && (
        <>
          <div className="table-wrap">{children(page.got.rows)}</div>
          <Pager
            offset={data.offset}
            pageSize={PORTAL_PAGE_SIZE}
            total={page.got.total}
            link={(offset) => href(choice.chosen!, offset)}
            what={what}
          />
        </>
      )}
    </section>
  );
}
