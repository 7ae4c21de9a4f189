import { describe, expect, test } from "vitest";
import {
  buildBody,
  changedFields,
  conditionHolds,
  type FieldSpec,
  formState,
  isEmptyValue,
  isRequired,
  isShown,
  nestDotted,
  normalise,
  readPath,
  toWire,
} from "../../../client/ui/formRules.ts";

const f = (spec: Partial<FieldSpec> & Pick<FieldSpec, "name" | "type">): FieldSpec => ({
  label: spec.name,
  ...spec,
});

describe("form rules", () => {
  test("requiredWhen compares loosely: '1' equals 1, 'true' equals true, unset equals false", () => {
    expect(conditionHolds("1", 1)).toBe(true);
    expect(conditionHolds(1, "1")).toBe(true);
    expect(conditionHolds("true", true)).toBe(true);
    expect(conditionHolds(undefined, false)).toBe(true);
    expect(conditionHolds(undefined, true)).toBe(false);
    expect(conditionHolds(null, "x")).toBe(false);
    expect(conditionHolds(["a", "b"], "b")).toBe(true);
    const code = f({ name: "code", type: "text", requiredWhen: { field: "kind", equals: "b" } });
    expect(isRequired(code, { kind: "a" })).toBe(false);
    expect(isRequired(code, { kind: "b" })).toBe(true);
  });

  test("id and read-only fields are never required", () => {
    expect(isRequired(f({ name: "id", type: "id", required: true }), {})).toBe(false);
    expect(isRequired(f({ name: "x", type: "text", required: true, readOnly: true }), {})).toBe(false);
  });

  test("empty: blank text, empty multi-select, unticked checkbox; zero is a value", () => {
    expect(isEmptyValue(f({ name: "t", type: "text" }), "  ")).toBe(true);
    expect(isEmptyValue(f({ name: "m", type: "multiselect" }), [])).toBe(true);
    expect(isEmptyValue(f({ name: "m", type: "multiselect" }), ["1"])).toBe(false);
    expect(isEmptyValue(f({ name: "c", type: "checkbox" }), false)).toBe(true);
    expect(isEmptyValue(f({ name: "c", type: "checkbox" }), true)).toBe(false);
    expect(isEmptyValue(f({ name: "n", type: "number" }), 0)).toBe(false);
    expect(isEmptyValue(f({ name: "n", type: "number" }), "")).toBe(true);
  });

  test("change detection normalises types and order", () => {
    const fields = [
      f({ name: "n", type: "number" }),
      f({ name: "m", type: "multiselect" }),
      f({ name: "s", type: "select" }),
      f({ name: "c", type: "checkbox" }),
    ];
    const baseline = { n: 5, m: [2, 1], s: 3, c: undefined };
    expect(changedFields(fields, { n: "5", m: ["1", "2"], s: "3", c: false }, baseline)).toEqual([]);
    expect(changedFields(fields, { n: "5.5", m: ["1"], s: "3", c: true }, baseline)).toEqual(["n", "m", "c"]);
    expect(normalise(f({ name: "n", type: "number" }), "")).toBeNull();
  });

  test("formState: new items need the required fields; edits need a change; matches must match", () => {
    const fields = [
      f({ name: "id", type: "id" }),
      f({ name: "name", type: "text", required: true }),
      f({ name: "pw", type: "password" }),
      f({ name: "pw2", type: "password", matches: "pw" }),
    ];
    expect(formState(fields, {}, {}).canSave).toBe(false);
    expect(formState(fields, { name: "a" }, {}).canSave).toBe(true);
    expect(formState(fields, { name: "a", pw: "x" }, {}).mismatched).toEqual(["pw2"]);
    expect(formState(fields, { name: "a", pw: "x", pw2: "x" }, {}).canSave).toBe(true);
    const base = { id: 3, name: "a" };
    expect(formState(fields, base, base)).toMatchObject({ editing: true, changed: false, canSave: false });
    expect(formState(fields, { ...base, name: "b" }, base).canSave).toBe(true);
    expect(formState(fields, { id: "", name: "a" }, { id: "" }).editing).toBe(false);
  });

  test("toWire keeps the server's types", () => {
    expect(toWire(f({ name: "s", type: "select" }), "2", 1)).toBe(2);
    expect(toWire(f({ name: "s", type: "select" }), "2", "1")).toBe("2");
    expect(toWire(f({ name: "s", type: "select", valueType: "number" }), "2", undefined)).toBe(2);
    expect(toWire(f({ name: "s", type: "select" }), "", 1)).toBeNull();
    expect(toWire(f({ name: "m", type: "multiselect" }), ["1", "3"], [1])).toEqual([1, 3]);
    expect(toWire(f({ name: "m", type: "multiselect" }), ["1"], [])).toEqual(["1"]);
    expect(toWire(f({ name: "n", type: "number" }), "", 4)).toBeNull();
    expect(toWire(f({ name: "n", type: "number" }), "4.5", 4)).toBe(4.5);
    expect(toWire(f({ name: "c", type: "checkbox" }), undefined, undefined)).toBe(false);
  });

  test("buildBody: all fields except confirm ones plus hidden keys, or exactly bodyFields", () => {
    const fields = [
      f({ name: "id", type: "id" }),
      f({ name: "pw", type: "password" }),
      f({ name: "pw2", type: "password", matches: "pw" }),
    ];
    const baseline = { id: null, lastModified: "t1" };
    expect(buildBody(fields, { ...baseline, pw: "x", pw2: "x" }, baseline)).toEqual({
      lastModified: "t1",
      pw: "x",
    });
    expect(buildBody(fields, { ...baseline, pw: "x", pw2: "x" }, baseline, ["pw", "pw2"])).toEqual({
      pw: "x",
      pw2: "x",
    });
  });
});

describe("nested bodies and dates", () => {
  const fields: FieldSpec[] = [
    { name: "livestockOrderDto.quantityOrdered", label: "Head", type: "number" },
    { name: "livestockOrderGroupDto.supplierId", label: "Supplier", type: "select", valueType: "number" },
    { name: "endDate", label: "End", type: "date" },
  ];

  test("dotted names build nested objects, merged with hidden values of the same object", () => {
    const baseline = { livestockOrderDto: { id: 7, lastModified: "t1" } };
    const values = {
      ...baseline,
      "livestockOrderDto.quantityOrdered": "120",
      "livestockOrderGroupDto.supplierId": "3",
      endDate: "",
    };
    expect(buildBody(fields, values, baseline)).toEqual({
      livestockOrderDto: { id: 7, lastModified: "t1", quantityOrdered: 120 },
      livestockOrderGroupDto: { supplierId: 3 },
      endDate: null,
    });
  });

  test("readPath reads a dotted name from nested objects, a flat key first", () => {
    expect(readPath({ a: { b: { c: 1 } } }, "a.b.c")).toBe(1);
    expect(readPath({ "a.b": 2, a: { b: 3 } }, "a.b")).toBe(2);
    expect(readPath({ a: null }, "a.b")).toBeUndefined();
  });

  test("nestDotted leaves the input alone", () => {
    const flat = { o: { x: 1 }, "o.y": 2 };
    expect(nestDotted(flat)).toEqual({ o: { x: 1, y: 2 } });
    expect(flat.o).toEqual({ x: 1 });
  });
});

describe("array paths", () => {
  test("a numeric segment fills an array, keeping its hidden values", () => {
    const baseline = { mobs: [{ stockMobId: 5, head: 60 }, { stockMobId: 6, head: 40 }] };
    expect(nestDotted({ ...baseline, "mobs.0.head": 55, "mobs.1.head": 45 })).toEqual({
      mobs: [{ stockMobId: 5, head: 55 }, { stockMobId: 6, head: 45 }],
    });
    expect(baseline.mobs[0].head).toBe(60);
    expect(nestDotted({ "a.0": 1 })).toEqual({ a: [1] });
    expect(readPath(baseline, "mobs.1.head")).toBe(40);
  });
});

describe("fields shown only for some values", () => {
  const fields: FieldSpec[] = [
    { name: "priceRule", label: "Rule", type: "select", required: true },
    {
      name: "percentOff",
      label: "Percent off",
      type: "number",
      required: true,
      shownWhen: { field: "priceRule", oneOf: ["PercentOff"] },
    },
  ];

  test("a hidden field is not required and is sent blank", () => {
    const values = { priceRule: "NoPayment", percentOff: 10 };
    expect(isShown(fields[1], values)).toBe(false);
    expect(formState(fields, values, {}).missing).toEqual([]);
    expect(buildBody(fields, values, {})).toEqual({ priceRule: "NoPayment", percentOff: null });
  });

  test("a shown field keeps its rules and value", () => {
    const values = { priceRule: "PercentOff", percentOff: "" };
    expect(isShown(fields[1], values)).toBe(true);
    expect(formState(fields, values, {}).missing).toEqual(["percentOff"]);
    expect(buildBody(fields, { ...values, percentOff: "12" }, {})).toEqual({
      priceRule: "PercentOff",
      percentOff: 12,
    });
  });
});
