/** The initial load's answers (schemas.ts InitialLoadPreview / InitialLoadResult) and their tables. */
import { Table } from "../../ui/Table.tsx";
import { formatHead } from "../../../kernel/format.ts";

export interface Note {
  row: number;
  column: string;
  message: string;
}

type Action = "add" | "update" | "unchanged" | "rejected";

/** What the preview and the load both answer. */
export interface Answer {
  fileName: string;
  rows: number;
  counts: { added: number; updated: number; unchanged: number; rejected: number };
  outcomes: { row: number; name: string; pic: string; action: Action; recordId: number | null }[];
  problems: Note[];
  moreProblems: number;
}

export interface Preview extends Answer {
  digest: string;
  ignoredColumns: string[];
  warnings: Note[];
  moreWarnings: number;
}

/** "12 new and 3 updated suppliers", as rules.ts loadedText (that module brings the form schemas: not here). */
export function countsText(answer: Answer, words: { one: string; many: string }): string {
  const { added, updated } = answer.counts;
  const parts = [added ? `${formatHead(added)} new` : "", updated ? `${updated} updated` : ""]
    .filter(Boolean);
  return `${parts.join(" and ") || "No"} ${added + updated === 1 ? words.one : words.many}`;
}

const more = (n: number) => n > 0 && <p className="muted small">And {formatHead(n)} more not listed.</p>;

/** Problems (the row is left out) or warnings (loaded, but worth a look), by row and column. */
export function NotesTable({ title, notes, more: hidden, kind }: {
  title: string;
  notes: Note[];
  more: number;
  kind: "problems" | "warnings";
}) {
  if (!notes.length) return null;
  return (
    <div data-notes={kind} className="stack">
      <h4>{title}</h4>
      {kind === "warnings" && (
        <p className="muted small">These rows are loaded: check them against the organisation's records.</p>
      )}
      <Table
        rows={notes}
        rowKey={(n) => `${n.row}-${n.column}-${n.message}`}
        empty=""
        columns={[
          { header: "Row", className: "num", cell: (n) => n.row },
          { header: "Column", className: "nowrap", cell: (n) => n.column },
          { header: kind === "problems" ? "Problem" : "To check", cell: (n) => n.message },
        ]}
      />
      {more(hidden)}
    </div>
  );
}

const ACTION_WORDS: Record<Action, (one: string) => string> = {
  add: (one) => `New ${one}`,
  update: () => "Updates the existing one",
  unchanged: () => "Already there, unchanged",
  rejected: () => "Left out: see the rows with problems",
};

/** Each row's outcome (the first 500; the counts cover every row). */
export function OutcomesTable({ answer, one, withPic, caption }: {
  answer: Answer;
  one: string;
  /** suppliers and stakeholders are matched by name and PIC */
  withPic: boolean;
  caption: string;
}) {
  const listed = answer.outcomes.length;
  return (
    <div className="stack" data-outcomes>
      <h4>{caption}</h4>
      <Table
        rows={answer.outcomes}
        rowKey={(o) => o.row}
        empty="The file has no rows."
        columns={[
          { header: "Row", className: "num", cell: (o) => o.row },
          { header: "Name", cell: (o) => o.name || "—" },
          ...(withPic
            ? [{ header: "PIC", className: "nowrap", cell: (o: Answer["outcomes"][number]) => o.pic || "—" }]
            : []),
          { header: "Outcome", cell: (o) => ACTION_WORDS[o.action](one) },
        ]}
      />
      {more(answer.rows - listed)}
    </div>
  );
}
