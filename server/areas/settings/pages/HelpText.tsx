/**
 * Help text as the reader sees it: paragraphs, lists and bold from the small format of the settings
 * rules (helpBlocks). React escapes every piece: what a super user types is never taken as HTML.
 */
import { helpBlocks, type Inline } from "../rules.ts";

function Pieces({ pieces }: { pieces: Inline[] }) {
  return (
    <>{pieces.map((p, i) => p.bold ? <strong key={i}>{p.text}</strong> : <span key={i}>{p.text}</span>)}</>
  );
}

export function HelpText({ body }: { body: string }) {
  const blocks = helpBlocks(body);
  if (!blocks.length) return <p className="muted">This section has no text yet.</p>;
  return (
    <div className="help-text">
      {blocks.map((b, i) =>
        b.kind === "list"
          ? (
            <ul key={i}>
              {b.items.map((item, j) => (
                <li key={j}>
                  <Pieces pieces={item} />
                </li>
              ))}
            </ul>
          )
          : (
            <p key={i}>
              {b.lines.map((line, j) => (
                <span key={j}>
                  {j > 0 && <br />}
                  <Pieces pieces={line} />
                </span>
              ))}
            </p>
          )
      )}
    </div>
  );
}
