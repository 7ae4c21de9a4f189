/**
 * home/find: one box for what an office looks up all day (an order or invoice number, an NVD, a lot, a
 * supplier's name or PIC, an NLIS tag, a person), a plain GET form (no script), the matches by kind, each
 * opening its record's page; under the box, the kinds it looks in for this person. The header's Find link
 * and "/" come here.
 */
import { z } from "zod";
import { defineScreen } from "../../../pages/screen.ts";
import { SearchForm } from "../../../../client/ui/SearchForm.tsx";
import { searchText } from "../../../pages/searchText.ts";
import { pageAreaContext } from "../../context.ts";
import { find, openSources } from "../operations.ts";
import { formatList } from "../../../../kernel/format.ts";
import { FIND_PER_KIND, readFindQuery, TOO_LITTLE } from "../rules.ts";
import { href } from "../../../access/routes.ts";
import type { FindAnswer } from "../schemas.ts";

export const FindScreen = defineScreen({
  validateSearch: z.object({ q: searchText }),
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const typed = search.q?.trim() ?? "";
    // what it looks in, said under the box: only the kinds this person may open
    const kinds = openSources(ctx).map((s) => s.listedAs);
    if (!typed) return { typed, kinds, answer: null, tooShort: false };
    if (!readFindQuery(typed)) return { typed, kinds, answer: null, tooShort: true };
    return { typed, kinds, answer: await find(ctx, typed), tooShort: false };
  },
  component: ({ data }) => (
    <section className="panel find" aria-labelledby="find-title">
      <h2 id="find-title" className="sr-only">Find</h2>
      <SearchForm
        id="find-q"
        label="Find"
        visibleLabel
        action={href("find")}
        className="inline-form find-form no-print"
        value={data.typed}
        focused
        boxData={{ "find-box": "" }}
        hint={`Looks in ${
          formatList(data.kinds)
        }: type a number, a name, a PIC, an ABN, an NVD, a lot or an NLIS tag.`}
      />
      {data.tooShort && <p role="alert">{TOO_LITTLE}</p>}
      {data.answer && <Results answer={data.answer} />}
    </section>
  ),
});

function Results({ answer }: { answer: FindAnswer }) {
  if (!answer.groups.length) {
    return (
      <p role="status" className="find-none">
        Nothing matches “{answer.query}”. Check the number or spelling, or type part of it.
      </p>
    );
  }
  const count = answer.groups.reduce((n, g) => n + g.records.length, 0);
  // what is marked in each title: the number itself for "#12", else the text as typed
  const read = readFindQuery(answer.query);
  const marked = read?.number != null ? String(read.number) : answer.query;
  return (
    <>
      <p role="status" className="sr-only">
        {count === 1 ? "One match" : `${count} matches`} for “{answer.query}”.
      </p>
      {answer.groups.map((group, i) => (
        <section key={group.kind} className="find-group" aria-labelledby={`find-kind-${i}`}>
          <h3 id={`find-kind-${i}`}>
            {group.kind}{" "}
            <span className="muted">
              {group.more ? `(first ${FIND_PER_KIND})` : `(${group.records.length})`}
            </span>
          </h3>
          <ul className="find-list">
            {group.records.map((r) => (
              <li key={r.href + r.title}>
                <a href={r.href}>
                  <Marked text={r.title} part={marked} />
                </a>
                <span className="muted small">{r.detail}</span>
              </li>
            ))}
          </ul>
          {group.more && <p className="muted small">More match: type more of it to narrow them.</p>}
        </section>
      ))}
    </>
  );
}

/** `text` with the first place it holds `part` (ignoring case) marked, so the eye finds why it matched. */
function Marked({ text, part }: { text: string; part: string }) {
  const at = text.toLowerCase().indexOf(part.toLowerCase());
  if (!part || at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark>{text.slice(at, at + part.length)}</mark>
      {text.slice(at + part.length)}
    </>
  );
}
