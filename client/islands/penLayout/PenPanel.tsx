/**
 * The selected pen's details under the toolbar: name, capacity, in use, and its size, position and turn
 * as numbers (the keyboard way to place a pen exactly). Numbers are taken on Enter or when the field is
 * left (a half-typed "12" is not snapped to the grid while typing); the name is taken as typed.
 */
import { type KeyboardEvent, useEffect, useState } from "react";
import { type Pen, PEN_NAME_MAX } from "./model.ts";

type NumberKey = "x" | "y" | "width" | "height" | "angle" | "capacity";

export interface PenPanelProps {
  pens: Pen[];
  disabled: boolean;
  onName(key: string, name: string): void;
  onNumber(key: string, field: NumberKey, value: number): void;
  onOperational(key: string, value: boolean): void;
}

const NUMBERS: { field: NumberKey; label: string; unit?: string }[] = [
  { field: "width", label: "Width" },
  { field: "height", label: "Height" },
  { field: "x", label: "Left" },
  { field: "y", label: "Top" },
  { field: "angle", label: "Turn", unit: "°" },
  { field: "capacity", label: "Capacity", unit: "head" },
];

export function PenPanel({ pens, disabled, onName, onNumber, onOperational }: PenPanelProps) {
  if (pens.length === 0) {
    return (
      <p className="pen-panel muted small" data-pen-panel="none">
        Select a pen to rename it or change its size. Shift-click or drag a box around pens to select several.
      </p>
    );
  }
  if (pens.length > 1) {
    const head = pens.reduce((s, p) => s + p.head, 0);
    return (
      <p className="pen-panel small" data-pen-panel="many">
        <strong>{pens.length} pens selected</strong>: {pens.map((p) => p.name).join(", ")}
        {head ? ` (${head} head)` : ""}. Align them with the buttons above; they line up with {pens[0].name}.
      </p>
    );
  }
  const pen = pens[0];
  const id = (f: string) => `pen-${f}`;
  return (
    <fieldset className="pen-panel" data-pen-panel="one" disabled={disabled}>
      <legend className="sr-only">Selected pen</legend>
      <label className="pen-field pen-field-name" htmlFor={id("name")}>
        <span>Pen name</span>
        <input
          id={id("name")}
          className="input"
          value={pen.name}
          maxLength={PEN_NAME_MAX}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onName(pen.key, e.currentTarget.value)}
        />
      </label>
      {NUMBERS.map(({ field, label, unit }) => (
        <NumberInput
          key={`${pen.key}-${field}`}
          id={id(field)}
          label={label}
          unit={unit}
          value={pen[field]}
          onValue={(v) => onNumber(pen.key, field, v)}
        />
      ))}
      <label className="pen-field pen-field-check" htmlFor={id("operational")}>
        <input
          id={id("operational")}
          type="checkbox"
          checked={pen.isOperational}
          onChange={(e) => onOperational(pen.key, e.currentTarget.checked)}
        />
        <span>In use</span>
      </label>
      {pen.head > 0 && <span className="badge badge-primary">{pen.head} head in it</span>}
    </fieldset>
  );
}

function NumberInput(
  { id, label, unit, value, onValue }: {
    id: string;
    label: string;
    unit?: string;
    value: number;
    onValue(v: number): void;
  },
) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const take = () => {
    const n = Number(text);
    if (text.trim() === "" || !Number.isFinite(n)) setText(String(value));
    else if (n !== value) onValue(n);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      take();
    } else if (e.key === "Escape") setText(String(value));
  };
  return (
    <label className="pen-field" htmlFor={id}>
      <span>{label}{unit ? <span className="sr-only">({unit})</span> : null}</span>
      <input
        id={id}
        className="input"
        type="number"
        inputMode="numeric"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onBlur={take}
        onKeyDown={onKeyDown}
      />
    </label>
  );
}
