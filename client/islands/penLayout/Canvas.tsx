/**
 * The pen layout drawn with Konva (loaded by PenLayoutEditor only in the browser, as its own chunk):
 * the site map and a 5-unit grid behind the pens; click, shift-click and rubber-band selection; drag
 * (snapped to the grid, every selected pen together); resize and rotate with a Transformer (never below
 * PEN_MIN_SIZE). Edits end in one `onPlace` call, so each gesture is one undo step.
 * Only Konva's core and the four shapes used are bundled (not the filters and the other shapes).
 */
import { useEffect, useMemo, useRef, useState } from "react";
import Konva from "konva/lib/Core";
import "konva/lib/shapes/Rect";
import "konva/lib/shapes/Text";
import "konva/lib/shapes/Image";
import type { Transformer as TransformerNode } from "konva/lib/shapes/Transformer";
import "konva/lib/shapes/Transformer";
import type { KonvaEventObject } from "konva/lib/Node";
import {
  Group,
  Image as KImage,
  Layer,
  Rect,
  Shape,
  Stage,
  Text,
  Transformer,
} from "react-konva/lib/ReactKonvaCore";
import { fitMap, GRID_STEP, type Layout, LAYOUT_SIZE, type Pen, PEN_MIN_SIZE, pensInBox } from "./model.ts";
import type { ThemeColors } from "./theme.ts";

export type Shapes = Map<string, { x: number; y: number; width?: number; height?: number; angle?: number }>;

export interface CanvasProps {
  layout: Layout;
  selected: ReadonlySet<string>;
  /** the canvas's width in CSS pixels (the layout is scaled to it) */
  width: number;
  colors: ThemeColors;
  /** the site map's URL, or null */
  mapUrl: string | null;
  onSelect(keys: string[], mode: "replace" | "toggle" | "add"): void;
  onPlace(shapes: Shapes): void;
}

const ROTATION_SNAPS = [0, 45, 90, 135, 180, 225, 270, 315];

export default function Canvas(props: CanvasProps) {
  const { layout, selected, colors, width } = props;
  const scale = width / LAYOUT_SIZE.width;
  const height = Math.round(LAYOUT_SIZE.height * scale);
  const nodes = useRef(new Map<string, Konva.Group>());
  const transformer = useRef<TransformerNode>(null);
  const [band, setBand] = useState<{ x0: number; y0: number; x1: number; y1: number; add: boolean } | null>(
    null,
  );
  const map = useMapImage(props.mapUrl);

  useEffect(() => {
    const tr = transformer.current;
    if (!tr) return;
    tr.nodes([...selected].map((k) => nodes.current.get(k)).filter((n): n is Konva.Group => Boolean(n)));
    tr.getLayer()?.batchDraw();
  }, [selected, layout]);

  /** Layout units under the pointer. */
  const pointer = (stage: Konva.Stage | null) => {
    const p = stage?.getPointerPosition();
    return p ? { x: p.x / scale, y: p.y / scale } : null;
  };

  const onStageDown = (e: KonvaEventObject<MouseEvent | TouchEvent>) => {
    const stage = e.target.getStage();
    const onEmpty = e.target === stage || e.target.getLayer()?.name() === "background";
    if (!onEmpty) return;
    const p = pointer(stage);
    if (p) setBand({ x0: p.x, y0: p.y, x1: p.x, y1: p.y, add: shiftOf(e) });
  };
  const onStageMove = (e: KonvaEventObject<MouseEvent | TouchEvent>) => {
    if (!band) return;
    const p = pointer(e.target.getStage());
    if (p) setBand({ ...band, x1: p.x, y1: p.y });
  };
  const onStageUp = () => {
    if (!band) return;
    const box = boxOf(band);
    setBand(null);
    if (box.width * scale < 4 && box.height * scale < 4) {
      if (!band.add) props.onSelect([], "replace"); // a click on the yard itself
      return;
    }
    props.onSelect(pensInBox(layout, box), band.add ? "add" : "replace");
  };

  const onDragStart = (pen: Pen, e: KonvaEventObject<DragEvent>) => {
    if (!selected.has(pen.key)) props.onSelect([pen.key], shiftOf(e) ? "add" : "replace");
  };
  /** every pen the gesture moved (the Transformer drags the other selected pens along) */
  const onDragEnd = () => {
    const shapes: Shapes = new Map();
    for (const [key, node] of nodes.current) {
      const pen = layout.find((p) => p.key === key);
      if (pen && (node.x() !== pen.x || node.y() !== pen.y)) shapes.set(key, { x: node.x(), y: node.y() });
    }
    if (shapes.size) props.onPlace(shapes);
  };
  const onTransformEnd = () => {
    const shapes: Shapes = new Map();
    for (const node of transformer.current?.nodes() ?? []) {
      const key = node.id();
      const pen = layout.find((p) => p.key === key);
      if (!pen) continue;
      shapes.set(key, {
        x: node.x(),
        y: node.y(),
        width: Math.max(PEN_MIN_SIZE, pen.width * node.scaleX()),
        height: Math.max(PEN_MIN_SIZE, pen.height * node.scaleY()),
        angle: Math.round(node.rotation()),
      });
      node.scale({ x: 1, y: 1 });
    }
    props.onPlace(shapes);
  };
  /** the grid, in absolute (screen) pixels, with the layout's edge as the limit */
  const dragBound = (pos: { x: number; y: number }) => {
    const step = GRID_STEP * scale;
    return {
      x: Math.min(Math.max(0, Math.round(pos.x / step) * step), width - PEN_MIN_SIZE * scale),
      y: Math.min(Math.max(0, Math.round(pos.y / step) * step), height - PEN_MIN_SIZE * scale),
    };
  };

  const grid = useMemo(() => gridDrawer(colors.grid, colors.gridMajor), [colors.grid, colors.gridMajor]);
  const bandBox = band ? boxOf(band) : null;

  return (
    <Stage
      width={width}
      height={height}
      scaleX={scale}
      scaleY={scale}
      onMouseDown={onStageDown}
      onTouchStart={onStageDown}
      onMouseMove={onStageMove}
      onTouchMove={onStageMove}
      onMouseUp={onStageUp}
      onTouchEnd={onStageUp}
      onMouseLeave={onStageUp}
    >
      <Layer name="background" listening={false}>
        <Rect width={LAYOUT_SIZE.width} height={LAYOUT_SIZE.height} fill={colors.yard} />
        {map && <KImage image={map} {...fitMap(map)} opacity={0.9} />}
        <Shape sceneFunc={grid} />
      </Layer>
      <Layer>
        {layout.map((pen) => (
          <Group
            key={pen.key}
            id={pen.key}
            ref={(node) => {
              if (node) nodes.current.set(pen.key, node);
              else nodes.current.delete(pen.key);
            }}
            x={pen.x}
            y={pen.y}
            rotation={pen.angle}
            draggable
            dragBoundFunc={dragBound}
            onDragStart={(e) => onDragStart(pen, e)}
            onDragEnd={onDragEnd}
            onClick={(e) => props.onSelect([pen.key], shiftOf(e) ? "toggle" : "replace")}
            onTap={() => props.onSelect([pen.key], "replace")}
            onMouseEnter={(e) => setCursor(e, "move")}
            onMouseLeave={(e) => setCursor(e, "")}
          >
            <PenShape pen={pen} selected={selected.has(pen.key)} colors={colors} />
          </Group>
        ))}
        <Transformer
          ref={transformer}
          rotateEnabled
          rotationSnaps={ROTATION_SNAPS}
          rotationSnapTolerance={4}
          flipEnabled={false}
          keepRatio={false}
          ignoreStroke
          anchorSize={8}
          anchorCornerRadius={2}
          anchorStroke={colors.selected}
          anchorFill={colors.surface}
          borderStroke={colors.selected}
          borderDash={[4, 3]}
          boundBoxFunc={(old, box) =>
            Math.abs(box.width) < PEN_MIN_SIZE * scale - 0.01 ||
              Math.abs(box.height) < PEN_MIN_SIZE * scale - 0.01
              ? old
              : box}
          onTransformEnd={onTransformEnd}
        />
        {bandBox && (
          <Rect
            {...bandBox}
            fill={colors.band}
            stroke={colors.selected}
            strokeWidth={1 / scale}
            dash={[4 / scale, 3 / scale]}
            listening={false}
          />
        )}
      </Layer>
    </Stage>
  );
}

function PenShape({ pen, selected, colors }: { pen: Pen; selected: boolean; colors: ThemeColors }) {
  const label = pen.head > 0 ? `${pen.name}\n${pen.head} hd` : pen.name;
  const longest = Math.max(...label.split("\n").map((l) => l.length), 1);
  const lines = label.split("\n").length;
  const fontSize = Math.max(5, Math.min(18, pen.height / (lines * 1.5), pen.width / (longest * 0.62)));
  return (
    <>
      <Rect
        width={pen.width}
        height={pen.height}
        fill={pen.head > 0 ? colors.penStocked : colors.pen}
        stroke={selected ? colors.selected : colors.penStroke}
        strokeWidth={selected ? 2.5 : 1.25}
        dash={pen.isOperational ? undefined : [6, 4]}
        opacity={pen.isOperational ? 1 : 0.7}
      />
      <Text
        text={label}
        width={pen.width}
        height={pen.height}
        align="center"
        verticalAlign="middle"
        fontSize={fontSize}
        fontFamily={colors.font}
        fontStyle="600"
        fill={colors.text}
        listening={false}
      />
    </>
  );
}

function gridDrawer(minor: string, major: string) {
  return (ctx: Konva.Context) => {
    const c = ctx._context;
    const lines = (every: number, colour: string, width: number) => {
      c.beginPath();
      for (let x = 0; x <= LAYOUT_SIZE.width; x += every) (c.moveTo(x, 0), c.lineTo(x, LAYOUT_SIZE.height));
      for (let y = 0; y <= LAYOUT_SIZE.height; y += every) (c.moveTo(0, y), c.lineTo(LAYOUT_SIZE.width, y));
      c.strokeStyle = colour;
      c.lineWidth = width;
      c.stroke();
    };
    lines(GRID_STEP * 5, minor, 0.5);
    lines(GRID_STEP * 20, major, 1);
  };
}

function boxOf(b: { x0: number; y0: number; x1: number; y1: number }) {
  return {
    x: Math.min(b.x0, b.x1),
    y: Math.min(b.y0, b.y1),
    width: Math.abs(b.x1 - b.x0),
    height: Math.abs(b.y1 - b.y0),
  };
}

function shiftOf(e: KonvaEventObject<Event>): boolean {
  const evt = e.evt as Partial<MouseEvent>;
  return Boolean(evt.shiftKey || evt.metaKey || evt.ctrlKey);
}

function setCursor(e: KonvaEventObject<MouseEvent>, cursor: string) {
  const container = e.target.getStage()?.container();
  if (container) container.style.cursor = cursor;
}

/** The site map as an image element once it has loaded (null while loading, or when it fails). */
function useMapImage(url: string | null): HTMLImageElement | null {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    setImage(null);
    if (!url) return;
    const img = new globalThis.Image();
    img.onload = () => setImage(img);
    img.src = url;
    return () => {
      img.onload = null;
    };
  }, [url]);
  return image;
}
