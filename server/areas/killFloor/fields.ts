/**
 * The carcass record's fields as the plant's systems send them (CSV columns or JSON keys), with the checks
 * each value must pass. One catalogue serves the import (rows are read against it), the upload screen's
 * column-mapping step, the template file and the OpenAPI description. Pure: islands import it.
 */
import { MSA_KEYS } from "./msa/rules.ts";

export type FieldKind = "date" | "int" | "number" | "text" | "choice" | "yesNo" | "list";

export interface CarcassField {
  key: CarcassFieldKey;
  label: string;
  kind: FieldKind;
  required?: boolean;
  min?: number;
  max?: number;
  /** longest text */
  maxLength?: number;
  /** the allowed values of a choice (compared without case) */
  choices?: readonly string[];
  /** other column names plant systems use for it (matched without case, spaces or punctuation) */
  aliases?: readonly string[];
  example: string;
  help: string;
}

export const CARCASS_FIELD_KEYS = [
  "productionDate",
  "bodyNumber",
  "lot",
  "stockMobId",
  "killSequence",
  "rfid",
  "category",
  "sex",
  "dentition",
  "hscwKg",
  "fatDepthMm",
  "fatScore",
  "gradeCode",
  ...MSA_KEYS,
  "defects",
  "trimKg",
  "condemned",
  "condemnedReason",
  "skinGrade",
] as const;
export type CarcassFieldKey = (typeof CARCASS_FIELD_KEYS)[number];

export const CONDEMNED = ["none", "part", "whole"] as const;
export const HANG_METHODS = ["AT", "TS"] as const;
export const SEXES = ["M", "F", "C"] as const;

export const CARCASS_FIELDS: readonly CarcassField[] = [
  {
    key: "productionDate",
    label: "Kill date",
    kind: "date",
    required: true,
    aliases: ["killdate", "date", "slaughterdate", "proddate"],
    example: "2026-11-20",
    help: "The production day, YYYY-MM-DD (or DD/MM/YYYY)",
  },
  {
    key: "bodyNumber",
    label: "Body number",
    kind: "int",
    required: true,
    min: 1,
    max: 999_999,
    aliases: ["body", "bodyno", "carcassnumber", "carcassno", "tagno"],
    example: "1",
    help: "The plant's number for the carcass on that day",
  },
  {
    key: "lot",
    label: "Lot",
    kind: "text",
    maxLength: 30,
    aliases: ["lotnumber", "lotno", "lotreference", "agendalot"],
    example: "S2011-03A",
    help: "The kill agenda's lot (with its suffix); or give the mob id",
  },
  {
    key: "stockMobId",
    label: "Mob id",
    kind: "int",
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
    aliases: ["mobid", "mob"],
    example: "",
    help: "Our mob id, as sent with the agenda; or give the lot",
  },
  {
    key: "killSequence",
    label: "Kill sequence",
    kind: "int",
    min: 1,
    max: 999_999,
    aliases: ["sequence", "seq", "killorder"],
    example: "1",
    help: "Place in the day's kill; the body number when left out",
  },
  {
    key: "rfid",
    label: "NLIS / RFID",
    kind: "text",
    maxLength: 23,
    aliases: ["nlis", "nlisid", "eid", "rfidtag", "nlisdevice"],
    example: "982 123456789012",
    help: "The animal's NLIS device number",
  },
  {
    key: "category",
    label: "Category",
    kind: "text",
    maxLength: 30,
    aliases: ["speciescategory", "class", "stockcategory"],
    example: "Lamb",
    help: "Lamb, Mutton, Steer, Heifer, Cow…; the mob's when left out",
  },
  {
    key: "sex",
    label: "Sex",
    kind: "choice",
    choices: SEXES,
    aliases: ["gender"],
    example: "F",
    help: "M (entire male), F (female) or C (castrate)",
  },
  {
    key: "dentition",
    label: "Dentition",
    kind: "int",
    min: 0,
    max: 8,
    aliases: ["teeth", "dent"],
    example: "0",
    help: "Permanent incisors, 0 to 8",
  },
  {
    key: "hscwKg",
    label: "HSCW (kg)",
    kind: "number",
    required: true,
    min: 0,
    max: 1_000,
    aliases: ["hscw", "weight", "carcassweight", "hotweight", "hotstandardcarcassweight", "kg"],
    example: "24.6",
    help: "Hot standard carcass weight in kg (0 when the whole carcass was condemned)",
  },
  {
    key: "fatDepthMm",
    label: "Fat depth (mm)",
    kind: "number",
    min: 0,
    max: 80,
    aliases: ["fat", "fatdepth", "gr", "p8", "grmm", "p8mm"],
    example: "12",
    help: "GR (sheep, goats) or P8 (cattle, pigs), mm",
  },
  {
    key: "fatScore",
    label: "Fat score",
    kind: "int",
    min: 1,
    max: 6,
    aliases: ["fatclass", "fs"],
    example: "3",
    help: "AUS-MEAT fat score 1 to 6",
  },
  {
    key: "gradeCode",
    label: "Grade",
    kind: "text",
    maxLength: 12,
    aliases: ["grade", "gradecode"],
    example: "YL",
    help: "The plant's grade code",
  },
  {
    key: "msaHumpMm",
    label: "MSA hump (mm)",
    kind: "int",
    min: 0,
    max: 250,
    aliases: ["hump", "humpheight"],
    example: "",
    help: "Hump height, mm (cattle)",
  },
  {
    key: "msaHangMethod",
    label: "Hang method",
    kind: "choice",
    choices: HANG_METHODS,
    aliases: ["hang", "hangmethod"],
    example: "",
    help: "AT (Achilles) or TS (tenderstretch)",
  },
  {
    key: "msaHgp",
    label: "HGP treated",
    kind: "yesNo",
    aliases: ["hgp"],
    example: "",
    help: "Y or N",
  },
  {
    key: "msaOssification",
    label: "Ossification",
    kind: "int",
    min: 100,
    max: 590,
    aliases: ["ossification", "oss"],
    example: "",
    help: "MSA ossification score 100 to 590",
  },
  {
    key: "msaMarbling",
    label: "MSA marbling",
    kind: "int",
    min: 100,
    max: 1190,
    aliases: ["marbling", "msamarble", "marble"],
    example: "",
    help: "MSA marbling score 100 to 1190",
  },
  {
    key: "msaRibFatMm",
    label: "Rib fat (mm)",
    kind: "int",
    min: 0,
    max: 60,
    aliases: ["ribfat"],
    example: "",
    help: "Rib fat depth, mm",
  },
  {
    key: "msaUltimatePh",
    label: "Ultimate pH",
    kind: "number",
    min: 5,
    max: 7.5,
    aliases: ["ph", "ultimateph"],
    example: "",
    help: "Ultimate pH (5.30 to 5.70 is MSA compliant)",
  },
  {
    key: "msaLoinTempC",
    label: "Loin temp (°C)",
    kind: "number",
    min: -5,
    max: 45,
    aliases: ["lointemp", "temp", "lointemperature"],
    example: "",
    help: "Loin temperature at grading, °C",
  },
  {
    key: "msaIndex",
    label: "MSA index",
    kind: "number",
    min: 30,
    max: 80,
    aliases: ["index", "msaidx"],
    example: "",
    help: "MSA index 30 to 80",
  },
  {
    key: "msaEyeMuscleAreaCm2",
    label: "Eye muscle area (cm²)",
    kind: "int",
    min: 20,
    max: 200,
    aliases: ["ema", "eyemusclearea"],
    example: "",
    help: "Eye muscle area, cm²",
  },
  {
    key: "msaCompliant",
    label: "MSA compliant",
    kind: "yesNo",
    aliases: ["compliant", "msacompliance", "compliance"],
    example: "",
    help: "The grader's verdict: Y or N (left blank, the pH decides)",
  },
  {
    key: "msaNonComplianceReason",
    label: "Non-compliance reason",
    kind: "text",
    maxLength: 120,
    aliases: ["noncompliancereason", "msareason", "noncompliance"],
    example: "",
    help: "Why the carcass did not comply",
  },
  {
    key: "defects",
    label: "Defects",
    kind: "list",
    maxLength: 200,
    aliases: ["defect", "defectcodes"],
    example: "",
    help: "Defect codes, separated by ; (bruise; arthritis; grass seed…)",
  },
  {
    key: "trimKg",
    label: "Trim (kg)",
    kind: "number",
    min: 0,
    max: 500,
    aliases: ["trim", "trimweight"],
    example: "0",
    help: "Weight trimmed off for defects, kg",
  },
  {
    key: "condemned",
    label: "Condemned",
    kind: "choice",
    choices: CONDEMNED,
    aliases: ["condemnation", "condemn"],
    example: "none",
    help: "none, part or whole",
  },
  {
    key: "condemnedReason",
    label: "Condemned reason",
    kind: "text",
    maxLength: 120,
    aliases: ["condemnreason", "reason"],
    example: "",
    help: "Why (needed when condemned)",
  },
  {
    key: "skinGrade",
    label: "Skin grade",
    kind: "text",
    maxLength: 12,
    aliases: ["skin", "hidegrade", "hide"],
    example: "1",
    help: "Skin or hide grade",
  },
];

export const FIELD_BY_KEY: ReadonlyMap<string, CarcassField> = new Map(CARCASS_FIELDS.map((f) => [f.key, f]));

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * The column-mapping step's first guess: each field to the column whose name (or an alias) matches,
 * ignoring case, spaces and punctuation ("HSCW (kg)", "hscw_kg" and "HSCW" all find hscwKg).
 */
export function suggestMapping(headers: readonly string[]): Partial<Record<CarcassFieldKey, string>> {
  const byName = new Map(headers.map((h) => [squash(h), h]));
  const out: Partial<Record<CarcassFieldKey, string>> = {};
  for (const f of CARCASS_FIELDS) {
    for (const name of [f.key, f.label, ...(f.aliases ?? [])]) {
      const found = byName.get(squash(name));
      if (found !== undefined) {
        out[f.key] = found;
        break;
      }
    }
  }
  return out;
}

/** Why a mapping cannot be used yet (a required field or a mob reference has no column), or []. */
export function mappingProblems(mapping: Partial<Record<CarcassFieldKey, string>>): string[] {
  const problems = CARCASS_FIELDS.filter((f) => f.required && !mapping[f.key])
    .map((f) => `Choose the column for ${f.label}.`);
  if (!mapping.lot && !mapping.stockMobId) problems.push("Choose the column for the Lot or the Mob id.");
  return problems;
}

/** The template file: the header row (field keys) and one example row. */
export function templateCsv(): string {
  const head = CARCASS_FIELDS.map((f) => f.key).join(",");
  const example = CARCASS_FIELDS.map((f) => f.example).join(",");
  return `${head}\r\n${example}\r\n`;
}
