/**
 * The yard drawing: every pen where the layout puts it (x, y, width, height in layout units, turned
 * about its top-left corner as the layout editor turns it), with its name, head, lot, supplier, a
 * status colour plus a letter and pattern (never colour alone) and a marker for checks still to do.
 * Pure: the server draws it and the yard island hydrates the same markup. Pens are memoised by
 * identity, so after a refresh only pens whose data changed redraw (model.ts mergeView).
 *
 * Interaction lives in the island: it passes the flags below and handles events on the <svg>
 * (delegated: a pen is `[data-pen-id]`).
 */
import { memo, type SVGProps } from "react";
import { PEN_STATUS_LABELS } from "../../../server/areas/stockyard/rules.ts";
import { incompleteCount, penDescription, STATUS_MARK, viewBoxOf, type YardPen } from "./model.ts";

export interface PenFlags {
  selected?: boolean;
  /** the picked mob may not go here (greyed) */
  refused?: boolean;
  /** the pen the picked mob is in */
  source?: boolean;
  /** a dragged mob is over it */
  dropTarget?: boolean;
  /** the roving tab stop of the drawing */
  tabbable?: boolean;
}

export interface YardSvgProps {
  pens: YardPen[];
  label: string;
  mapUrl?: string | null;
  /** pens are buttons (focusable, with pressed/disabled states) */
  interactive?: boolean;
  flags?: (pen: YardPen) => PenFlags;
  svgProps?: SVGProps<SVGSVGElement>;
  /** false for every drawing of a page but the first (the patterns' ids are the page's) */
  patterns?: boolean;
}

/** The lot as a pen shows it: "Lot 1234", or "#99" (the order) before the lot is known. */
const penLot = (mob: YardPen["contents"][number]) =>
  mob.agendaLotReference ? `Lot ${mob.agendaLotReference}` : `#${mob.livestockOrderId}`;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function fit(text: string, chars: number): string {
  if (chars < 2) return "";
  return text.length <= chars ? text : `${text.slice(0, Math.max(1, chars - 1))}…`;
}

/** The hatch of a pen pending the kill floor and the cross-hatch of a pen not in use (ids are the page's own). */
export function YardPatterns() {
  return (
    <defs>
      <pattern
        id="yard-hatch"
        patternUnits="userSpaceOnUse"
        width="12"
        height="12"
        patternTransform="rotate(45)"
      >
        <rect className="yard-hatch-line" x="0" y="0" width="4" height="12" />
      </pattern>
      <pattern id="yard-closed" patternUnits="userSpaceOnUse" width="10" height="10">
        <path className="yard-closed-line" d="M0 0L10 10M10 0L0 10" />
      </pattern>
    </defs>
  );
}

/** One pen; flags are plain props so the memo's shallow compare skips pens that did not change. */
export const PenShape = memo(function PenShape(
  { pen, interactive, ...flags }: { pen: YardPen; interactive: boolean } & PenFlags,
) {
  const w = pen.width, h = pen.height;
  const fs = clamp(Math.min(h / 4.2, w / 5.2), 6, 20);
  const pad = Math.max(3, fs * 0.35);
  const line = fs * 1.18;
  const chars = Math.floor((w - pad * 2) / (fs * 0.56));
  const rows = Math.max(1, Math.floor((h - pad) / line));
  const mob = pen.contents[0];
  const checks = incompleteCount(pen);
  const separated = pen.contents.reduce((n, m) => n + m.separatedHead, 0);
  const mark = STATUS_MARK[pen.status];
  const label = PEN_STATUS_LABELS[pen.status];

  const lines: { text: string; cls: string }[] = [];
  if (pen.head > 0) {
    lines.push({ text: `${pen.head} hd${separated ? ` · ${separated} sep` : ""}`, cls: "yard-pen-head" });
    // a pen holding one boxed lot (several orders killed as one) names the lot and its suppliers
    const oneLot = mob?.boxedLotRef && pen.contents.every((m) => m.boxedLotRef === mob.boxedLotRef);
    if (mob && oneLot) {
      lines.push({ text: mob.boxedLotRef!, cls: "yard-pen-lot" });
      lines.push({ text: mob.boxedLotSuppliers.join(" + "), cls: "yard-pen-supplier" });
    } else if (mob) {
      const more = pen.contents.length > 1 ? ` +${pen.contents.length - 1}` : "";
      lines.push({ text: penLot(mob) + more, cls: "yard-pen-lot" });
      lines.push({ text: mob.supplierName, cls: "yard-pen-supplier" });
    }
  } else if (pen.reservedForLabel) {
    lines.push({ text: "for", cls: "yard-pen-lot" });
    lines.push({ text: pen.reservedForLabel, cls: "yard-pen-supplier" });
  } else if (!pen.isOperational) {
    lines.push({ text: "not in use", cls: "yard-pen-lot" });
  }

  const shownLines = lines.slice(0, rows - 1);
  const classes = [
    "yard-pen",
    `is-${pen.status}`,
    pen.isOperational ? "" : "is-closed",
    pen.head > 0 ? "has-head" : "",
    pen.contents.some((m) => m.boxedLotRef) ? "is-boxed" : "",
    flags.selected ? "is-selected" : "",
    flags.refused ? "is-refused" : "",
    flags.source ? "is-source" : "",
    flags.dropTarget ? "is-drop" : "",
  ].filter(Boolean).join(" ");

  const description = penDescription(pen, label);
  return (
    <g
      className={classes}
      transform={`translate(${pen.x} ${pen.y})${pen.angle ? ` rotate(${pen.angle})` : ""}`}
    >
      {
        /* The pen itself (what is clicked, focused and named) holds no words: the drawn ones beside it
          are shortened to fit, so its name for assistive technology is its description instead. */
      }
      <g
        className="yard-pen-target"
        data-pen-id={pen.id}
        data-pen-name={pen.name}
        data-status={pen.status}
        {...(interactive
          ? {
            role: "button",
            tabIndex: flags.tabbable ? 0 : -1,
            "aria-label": description + (flags.refused ? ", cannot take the picked mob" : ""),
            "aria-pressed": Boolean(flags.selected),
          }
          : {})}
      >
        {interactive ? null : <title>{description}</title>}
        <rect className="yard-pen-box" width={w} height={h} rx={Math.min(4, w / 10)} />
        {pen.status === "pending" && (
          <rect className="yard-pen-hatch" width={w} height={h} fill="url(#yard-hatch)" />
        )}
        {!pen.isOperational && (
          <rect className="yard-pen-hatch" width={w} height={h} fill="url(#yard-closed)" />
        )}
      </g>
      <g className="yard-pen-words" aria-hidden="true">
        <text className="yard-pen-name" x={pad} y={pad + fs * 0.85} fontSize={fs}>
          {fit(pen.name, Math.max(2, chars - (mark ? 2 : 0)))}
        </text>
        {mark && (
          <g className="yard-pen-mark" transform={`translate(${w - pad - fs * 1.1} ${pad * 0.6})`}>
            <rect width={fs * 1.1} height={fs * 1.1} rx={fs * 0.2} />
            <text x={fs * 0.55} y={fs * 0.86} fontSize={fs * 0.9}>{mark}</text>
          </g>
        )}
        {shownLines.map((l, i) => {
          const big = i === 0 && pen.head > 0;
          const y = pad + fs * 0.85 + line * (i + 1) + (i === 0 ? fs * 0.1 : 0);
          // a line level with the checks marker (bottom-right corner) leaves it room
          const room = pen.head > 0 && y > h - pad - fs * 1.3 ? 2 : 0;
          return (
            <text
              key={l.cls}
              className={l.cls}
              x={pad}
              y={y}
              fontSize={big ? fs * 1.12 : fs * 0.92}
            >
              {fit(l.text, Math.floor(chars / (big ? 1.12 : 0.92)) - room)}
            </text>
          );
        })}
        {pen.head > 0 && (
          <g
            className={checks ? "yard-check has-open-checks" : "yard-check has-checks-done"}
            transform={`translate(${w - pad - fs * 0.6} ${h - pad - fs * 0.6})`}
          >
            <circle r={fs * 0.62} />
            <text y={fs * 0.33} fontSize={fs * 0.85}>{checks ? "!" : "✓"}</text>
          </g>
        )}
      </g>
    </g>
  );
});

const NO_FLAGS: PenFlags = {};

export function YardSvg(
  { pens, label, mapUrl, interactive = false, flags, svgProps, patterns = true }: YardSvgProps,
) {
  return (
    <svg
      className="yard-svg"
      viewBox={viewBoxOf(pens, Boolean(mapUrl))}
      preserveAspectRatio="xMidYMin meet"
      role={interactive ? "group" : "img"}
      aria-label={label}
      {...svgProps}
    >
      {patterns && <YardPatterns />}
      {mapUrl && (
        <image
          className="yard-map"
          href={mapUrl}
          width={1200}
          height={800}
          preserveAspectRatio="xMinYMin meet"
        />
      )}
      {pens.map((pen) => (
        <PenShape key={pen.id} pen={pen} interactive={interactive} {...(flags?.(pen) ?? NO_FLAGS)} />
      ))}
    </svg>
  );
}

/** The status colours in plain words, with the same letter and pattern as the pens. */
export function YardLegend() {
  const statuses = ["empty", "stocked", "readyToEmpty", "reserved", "pending"] as const;
  return (
    <ul className="yard-legend" aria-label="Legend">
      {statuses.map((status) => (
        <li key={status}>
          <svg className="yard-swatch" viewBox="0 0 28 20" aria-hidden="true" focusable="false">
            <g className={`yard-pen is-${status}`}>
              <rect className="yard-pen-box" x="1" y="1" width="26" height="18" rx="3" />
              {status === "pending" && (
                <rect className="yard-pen-hatch" x="1" y="1" width="26" height="18" fill="url(#yard-hatch)" />
              )}
              <text className="yard-swatch-mark" x="14" y="14.5">{STATUS_MARK[status]}</text>
            </g>
          </svg>
          {PEN_STATUS_LABELS[status]}
        </li>
      ))}
      <li>
        <svg className="yard-swatch" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <g className="yard-check has-open-checks" transform="translate(10 10)">
            <circle r="8.5" />
            <text y="4.5" fontSize="12">!</text>
          </g>
        </svg>
        Checks to do
      </li>
      <li>
        <svg className="yard-swatch" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <g className="yard-check has-checks-done" transform="translate(10 10)">
            <circle r="8.5" />
            <text y="4.5" fontSize="12">✓</text>
          </g>
        </svg>
        Checks done
      </li>
      <li>
        <svg className="yard-swatch" viewBox="0 0 28 20" aria-hidden="true" focusable="false">
          <g className="yard-pen is-stocked is-boxed">
            <rect className="yard-pen-box" x="1" y="1" width="26" height="18" rx="3" />
          </g>
        </svg>
        Boxed lot
      </li>
    </ul>
  );
}
