import { describe, expect, test } from "vitest";
import {
  complianceOf,
  msaChanges,
  type MsaGrading,
  msaValueText,
  msaVerdict,
  NO_MSA_GRADING,
} from "./rules.ts";
import { graderRecord } from "./grader.ts";

const NONE: MsaGrading = NO_MSA_GRADING;
const graded = (g: Partial<MsaGrading>): MsaGrading => ({
  ...NONE,
  msaUltimatePh: 5.55,
  msaIndex: 58.2,
  ...g,
});

describe("the MSA verdict", () => {
  test("the grader's own verdict wins; else the pH window; nothing measured: not graded", () => {
    expect(msaVerdict(NONE)).toEqual({ compliant: null, reason: null });
    expect(msaVerdict(graded({}))).toEqual({ compliant: true, reason: null });
    expect(msaVerdict(graded({ msaUltimatePh: 5.71, msaIndex: null }))).toEqual({
      compliant: false,
      reason: "Ultimate pH above 5.70",
    });
    expect(msaVerdict(graded({ msaUltimatePh: 5.7 })).compliant).toBe(true);
    expect(msaVerdict(graded({ msaIndex: null })).reason).toBe("No MSA index");
    expect(msaVerdict(graded({ msaCompliant: false, msaNonComplianceReason: "Rib fat under 3 mm" })))
      .toEqual({ compliant: false, reason: "Rib fat under 3 mm" });
  });

  test("an order's compliance: compliant of graded, to one decimal; none graded: null", () => {
    const three = [graded({}), graded({}), graded({ msaUltimatePh: 5.9, msaIndex: null }), NONE];
    expect(complianceOf(three)).toEqual({ graded: 3, compliant: 2, compliancePercent: 66.7 });
    expect(complianceOf([NONE]).compliancePercent).toBeNull();
  });

  test("what changed, in plain labels; equal numbers are equal", () => {
    expect(msaChanges(graded({}), graded({ msaIndex: 58.2000001 }))).toEqual([]);
    expect(msaChanges(graded({}), graded({ msaIndex: 60, msaHgp: true }))).toEqual([
      { field: "msaHgp", label: "HGP", before: null, after: true },
      { field: "msaIndex", label: "MSA index", before: 58.2, after: 60 },
    ]);
    expect([true, false, null, 5.5].map(msaValueText)).toEqual(["Y", "N", "—", "5.5"]);
  });
});

describe("the plant's MSA grader", () => {
  const steer = {
    ...NONE,
    productionDate: "2026-11-20",
    bodyNumber: 7,
    speciesId: 2,
    sex: "C",
    dentition: 2,
    hscwKg: 300,
    fatDepthMm: 10,
    condemned: "none",
  };

  test("a full grading is kept, completed with the verdict and eye muscle area", () => {
    const held = graderRecord({ ...steer, ...graded({ msaMarbling: 400 }) }, true)!;
    expect(held).toMatchObject({
      msaMarbling: 400,
      msaIndex: 58.2,
      msaCompliant: true,
      msaEyeMuscleAreaCm2: 81,
    });
  });

  test("missing results are drawn, the same every time; what arrived is kept", () => {
    const a = graderRecord({ ...steer, msaHumpMm: 70 }, true)!;
    expect(a).toEqual(graderRecord({ ...steer, msaHumpMm: 70 }, true));
    expect(a.msaHumpMm).toBe(70);
    expect(a.msaUltimatePh).not.toBeNull();
    expect(a.msaCompliant).not.toBeNull();
  });

  test("not graded: bulls, condemned carcasses, other species and ineligible mobs", () => {
    expect(graderRecord({ ...steer, sex: "M" }, true)).toBeNull();
    expect(graderRecord({ ...steer, condemned: "whole" }, true)).toBeNull();
    expect(graderRecord({ ...steer, speciesId: 1 }, true)).toBeNull();
    expect(graderRecord(steer, false)).toBeNull();
  });
});
