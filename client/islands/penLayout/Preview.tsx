/**
 * The layout as a static SVG: what the server renders (Konva never runs there) and what shows until the
 * canvas has loaded, or if it cannot load. Same geometry as the canvas: a pen turns about its top-left
 * corner; the site map fits inside the layout from the top-left. Colours come from the stylesheet.
 */
import { type Layout, LAYOUT_SIZE } from "./model.ts";

export function Preview({ layout, mapUrl, label }: { layout: Layout; mapUrl: string | null; label: string }) {
  return (
    <svg
      className="pen-layout-preview"
      viewBox={`0 0 ${LAYOUT_SIZE.width} ${LAYOUT_SIZE.height}`}
      role="img"
      aria-label={label}
      preserveAspectRatio="xMinYMin meet"
    >
      <rect className="pen-layout-yard" width={LAYOUT_SIZE.width} height={LAYOUT_SIZE.height} />
      {mapUrl && (
        <image
          href={mapUrl}
          width={LAYOUT_SIZE.width}
          height={LAYOUT_SIZE.height}
          preserveAspectRatio="xMinYMin meet"
          opacity={0.9}
        />
      )}
      {layout.map((pen) => (
        <g
          key={pen.key}
          transform={`translate(${pen.x} ${pen.y})${pen.angle ? ` rotate(${pen.angle})` : ""}`}
          className={`pen-layout-pen${pen.head > 0 ? " is-stocked" : ""}${
            pen.isOperational ? "" : " is-closed"
          }`}
        >
          <rect width={pen.width} height={pen.height} />
          <text
            x={pen.width / 2}
            y={pen.height / 2}
            fontSize={Math.max(5, Math.min(18, pen.height / 1.5, pen.width / (pen.name.length * 0.62)))}
          >
            {pen.name}
          </text>
        </g>
      ))}
    </svg>
  );
}
