/**
 * The filter form controls (client/ui/FilterControls.tsx): the label points at its control, the two
 * wrap as one pair, and the control carries the attributes given, as the hand-written pairs did.
 */
import { describe, expect, it } from "vitest";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { FilterDate, FilterInput, FilterSelect } from "../../../client/ui/FilterControls.tsx";

/** The opening tags of the markup, each as its name and attributes (the order of attributes aside). */
function tags(element: ReactElement) {
  const html = renderToStaticMarkup(element);
  return [...html.matchAll(/<(\w+)([^>]*?)\/?>/g)].map(([, tag, rest]) => ({
    tag,
    ...Object.fromEntries([...rest.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [k, v])),
  }));
}

describe("FilterSelect", () => {
  it("labels the select by its id, with an empty choice, the options and more children", () => {
    const [pair, label, select, ...options] = tags(
      <FilterSelect
        id="r-status"
        label="Status"
        name="status"
        defaultValue="b"
        empty="All"
        options={[["a", "A"], ["b", "B"]]}
      >
        <option value="c">C</option>
      </FilterSelect>,
    );
    expect(pair).toEqual({ tag: "span", class: "filter-pair" });
    expect(label).toEqual({ tag: "label", for: "r-status" });
    expect(select).toEqual({ tag: "select", id: "r-status", class: "input select", name: "status" });
    expect(options).toEqual([
      { tag: "option", value: "" },
      { tag: "option", value: "a" },
      { tag: "option", value: "b", selected: "" },
      { tag: "option", value: "c" },
    ]);
  });

  it("keeps another class, or none, and passes attributes through", () => {
    expect(tags(<FilterSelect id="x" label="X" name="x" className="input" required />)[2])
      .toEqual({ tag: "select", id: "x", class: "input", name: "x", required: "" });
    expect(tags(<FilterSelect id="x" label="X" name="x" className="" data-autosubmit />)[2])
      .toEqual({ tag: "select", id: "x", name: "x", "data-autosubmit": "true" });
  });
});

describe("FilterInput and FilterDate", () => {
  it("labels a search input and passes its attributes through", () => {
    const [pair, label, input] = tags(
      <FilterInput
        id="r-q"
        label="Supplier"
        name="supplier"
        type="search"
        maxLength={100}
        defaultValue="Ab"
      />,
    );
    expect(pair).toEqual({ tag: "span", class: "filter-pair" });
    expect(label).toEqual({ tag: "label", for: "r-q" });
    expect(input).toEqual({
      tag: "input",
      id: "r-q",
      class: "input",
      name: "supplier",
      type: "search",
      maxLength: "100",
      value: "Ab",
    });
  });

  it("writes a date input, without a class when asked", () => {
    expect(tags(<FilterDate id="d" label="to" name="toDate" defaultValue="2026-11-28" required />)[2])
      .toEqual({
        tag: "input",
        id: "d",
        class: "input",
        name: "toDate",
        type: "date",
        value: "2026-11-28",
        required: "",
      });
    expect(tags(<FilterDate id="d" label="to" name="toDate" className="" />)[2])
      .toEqual({ tag: "input", id: "d", name: "toDate", type: "date" });
  });
});
