/**
 * The pricing grid form: the data form (reference, category, priority, best price, and the cell
 * matrix as text) with a live preview of the matrix as it will be saved.
 *
 * Why text: pricing officers keep grids in spreadsheets and receive them from head office as
 * spreadsheets; selecting the block in Excel and pasting it here (tab-separated) enters a whole grid
 * in one go, and typing by hand works with commas. The preview under the form shows the bands, fat
 * scores and prices as read, the best price they give, and what is wrong line by line, so a shifted
 * column is caught before saving. The server reads the same text with the same rules.
 */
import { useCallback, useState } from "react";
import DataForm, { type DataFormProps } from "./DataForm.tsx";
import { GridMatrix } from "../ui/GridMatrix.tsx";
import {
  derivedBestPrice,
  formatDollars,
  parseGridText,
  topCellPrice,
} from "../../server/areas/pricing/rules.ts";

export interface PricingGridEditorProps {
  form: DataFormProps;
  /** the form field holding the matrix text */
  cellsField?: string;
}

export default function PricingGridEditor({ form, cellsField = "cells" }: PricingGridEditorProps) {
  const [text, setText] = useState(() => String(form.initial[cellsField] ?? ""));
  const [given, setGiven] = useState<unknown>(form.initial.bestPrice);
  const onValuesChange = useCallback((values: Record<string, unknown>) => {
    setText(String(values[cellsField] ?? ""));
    setGiven(values.bestPrice);
  }, [cellsField]);
  const givenPrice = given === "" || given === null || given === undefined || Number.isNaN(Number(given))
    ? null
    : Number(given);

  return (
    <div className="pricing-grid-editor">
      <DataForm {...form} onValuesChange={onValuesChange} />
      <section className="grid-preview" aria-label="Preview of the prices" aria-live="polite" data-preview>
        <h3>Preview</h3>
        <Preview text={text} givenPrice={givenPrice} />
      </section>
    </div>
  );
}

function Preview({ text, givenPrice }: { text: string; givenPrice: number | null }) {
  if (!text.trim()) {
    return (
      <p className="muted" data-best-price={givenPrice ?? ""}>
        No cell prices: the grid's best price is {givenPrice === null ? "not set" : formatDollars(givenPrice)}
        {givenPrice === null ? "" : "/kg"}.
      </p>
    );
  }
  const parsed = parseGridText(text);
  if (!parsed.ok) {
    return (
      <ul className="form-errors" data-preview-errors>
        {parsed.errors.map((e, i) => <li key={i}>{e}</li>)}
      </ul>
    );
  }
  const best = derivedBestPrice(parsed.cells, givenPrice);
  return (
    <>
      <p data-best-price={best ?? ""}>
        {parsed.cells.weightBands.length} weight bands × {parsed.cells.fatScores.length}{" "}
        fat scores. Best price: <strong>{best === null ? "none" : `${formatDollars(best)}/kg`}</strong>
        {topCellPrice(parsed.cells) === null ? " (nothing bought in the cells)" : ""}
      </p>
      <GridMatrix cells={parsed.cells} />
    </>
  );
}
