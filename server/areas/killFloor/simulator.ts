/**
 * A plant simulator: the carcass records a kill floor would send for a day's mobs, one per head, pure and
 * deterministic for a seed (the demo, the import's load tests and the reports' screenshots use it).
 *
 * Distributions (normal draws clamped to the range in brackets; fat depth in whole mm, HSCW to 0.1 kg):
 *
 * | Category | HSCW kg mean sd [range] | Fat mm mean sd (site) | Dentition  | Sex        | Grade |
 * | -------- | ----------------------- | --------------------- | ---------- | ---------- | ----- |
 * | Lamb     | 24 3.5 [12, 40]         | 12 4 (GR)             | 0          | F ½, C/M ½ | L1–L6 |
 * | Hogget   | 26 3.5 [14, 42]         | 14 4.5 (GR)           | 1–2        | F, C       | H1–H6 |
 * | Mutton   | 24 4.5 [12, 45]         | 15 5 (GR)             | 2–8        | mostly F   | M1–M6 |
 * | Ram      | 30 5 [15, 55]           | 8 3.5 (GR)            | 2–8        | M          | R1–R6 |
 * | Vealer   | 150 25 [80, 230]        | 5 2.5 (P8)            | 0          | F, C       | beef  |
 * | Yearling | 230 30 [140, 330]       | 8 3.5 (P8)            | 0          | F, C       | beef  |
 * | Steer    | 300 35 [180, 450]       | 10 4 (P8)             | 0–4        | C          | beef  |
 * | Heifer   | 260 35 [160, 400]       | 11 4.5 (P8)           | 0–4        | F          | beef  |
 * | Cow      | 240 40 [120, 400]       | 8 5 (P8)              | 6–8        | F          | beef  |
 * | Bull     | 330 50 [180, 550]       | 5 3 (P8)              | 2–8        | M          | beef  |
 * | Porker   | 55 6 [35, 75]           | 10 3 (P8)             | —          | F, M, C    | PK1–6 |
 * | Baconer  | 80 8 [60, 105]          | 12 3.5 (P8)           | —          | F, M, C    | BC1–6 |
 * | Sow      | 150 25 [90, 250]        | 16 5 (P8)             | —          | F          | SW1–6 |
 * | Boar     | 160 30 [90, 280]        | 10 4 (P8)             | —          | M          | BR1–6 |
 * | Kid      | 12 3 [5, 22]            | 4 2 (GR)              | 0          | F, M       | K1–K6 |
 * | Goat     | 20 5 [8, 40]            | 6 3 (GR)              | 2–8        | F, M       | G1–G6 |
 * | Venison  | 55 10 [30, 100]         | 8 3 (GR)              | —          | F, M       | VN1–6 |
 *
 * A mob without a category is its species' most common one (Lamb, Steer, Baconer, Goat, Venison).
 * Fat score 1–6 from the AUS-MEAT bands: GR (sheep, goats, deer) 1 ≤5, 2 6–10, 3 11–15, 4 16–20, 5 21–25,
 * 6 >25; P8 (cattle, pigs) 1 ≤2, 2 3–6, 3 7–12, 4 13–22, 5 23–32, 6 >32. Grade = prefix + fat score; "beef"
 * is the AUS-MEAT category by sex, teeth and weight: V (0 teeth, <150 kg), Y (0), YG (≤2), YP (≤4), C (cow,
 * F ≥6), S (ox, C 8), PR (other F/C), B (entire male) — e.g. "YP3".
 * MSA (cattle of MSA-eligible mobs, not bulls, not condemned): hump 65 sd 20 mm [30, 200]; hang AT 95 %,
 * TS 5 %; HGP Y 10 %; ossification by teeth 0: 150 sd 20, ≤2: 180 sd 25, ≤4: 220 sd 35, else 330 sd 60
 * [100, 590] in 10s; marbling 380 sd 100 [100, 1190] in 10s; rib fat 0.6 × P8 ± 1.5 mm; ultimate pH 5.58
 * sd 0.07 [5.30, 7.00] (~4 % above 5.70: those fail grading, no index); loin temp 6 sd 2.5 °C [0, 15];
 * index 60 + 1.2/100 marbling − 3.5/100 ossification (+3 TS, −2 HGP) ± 1.5 [30, 80]; eye muscle area
 * 0.22 × HSCW + 15 cm²; the verdict by the pH window (msa/rules.ts).
 * Condemned whole 0.3 % (HSCW 0, not graded; CLA in sheep/goats, pleurisy, emaciation, septicaemia); part
 * 2 % (trim 0.5–5 kg, ×3 for cattle, at most ¼ of the carcass, off the HSCW, with its defect code); a
 * further 3 % carry a defect code noted for producer feedback without trim (defects on ~5 % in all).
 * Skin or hide grade 1 80 %, 2 15 %, 3 4 %, reject 1 % (reject when condemned whole; pigs are scalded, none).
 * NLIS: each head of cattle gets a unique device number "982 " + 12 digits; other species are mob-based
 * (the PIC on the consignment stands for them): rfid null.
 *
 * Sources, one line each:
 * - HSCW: MLA/NLRS slaughter reports (lambs ~24–25 kg, adult cattle ~300 kg, cows lighter, pigs ~80 kg).
 * - Fat: AUS-MEAT fat score bands; a GR 12 mm lamb (score 3) and a P8 10 mm steer are the trade targets.
 * - Dentition and grades: AUS-MEAT Handbook category definitions (lamb 0 teeth, hogget ≤2, beef Y/YG/YP/PR).
 * - MSA: MLA MSA standards (pH 5.30–5.70 compliant, ~4–5 % dark cutters; ossification rises with age).
 * - HGP: roughly a tenth of graded cattle in MSA feedback reports are HGP treated.
 * - Condemnations: NSHMP and Livestock Data Link feedback (whole condemnations well under 1 %, CLA and
 *   pleurisy the common sheep conditions; bruising, arthritis and grass seed the common trims).
 * - Skins: processors' skin and hide grading, most skins first grade.
 */
import { SPECIES_CATEGORIES } from "../../../kernel/enums.ts";
import { seeded } from "../seeded.ts";
import type { CarcassInput } from "./rules.ts";
import { msaVerdict, NO_MSA_GRADING } from "./msa/rules.ts";

export interface SimulatedMob {
  stockMobId: number;
  livestockOrderId: number;
  speciesId: number;
  speciesCategoryId: number | null;
  head: number;
  pic: string;
  isMsaEligible: boolean;
  lot: string | null;
}

type Sex = NonNullable<CarcassInput["sex"]>;
interface Profile {
  /** mean, sd, min, max */
  kg: readonly [number, number, number, number];
  /** mean, sd of GR or P8 */
  fat: readonly [number, number];
  /** drawn uniformly (repeats weight them); null when not assessed */
  teeth: readonly number[] | null;
  sexes: readonly Sex[];
  /** grade prefix; null for the AUS-MEAT beef category */
  grade: string | null;
}

const p = (
  kg: Profile["kg"],
  fat: Profile["fat"],
  teeth: Profile["teeth"],
  sexes: string,
  grade: string | null,
): Profile => ({ kg, fat, teeth, sexes: sexes.split("") as Sex[], grade });

const PROFILES: Readonly<Record<number, Profile>> = {
  11: p([24, 3.5, 12, 40], [12, 4], [0], "FFFFFCCCCM", "L"),
  12: p([26, 3.5, 14, 42], [14, 4.5], [1, 2, 2], "FC", "H"),
  13: p([24, 4.5, 12, 45], [15, 5], [2, 4, 6, 6, 8, 8, 8, 8], "FFFFFFFFCC", "M"),
  14: p([30, 5, 15, 55], [8, 3.5], [2, 4, 6, 8, 8], "M", "R"),
  21: p([150, 25, 80, 230], [5, 2.5], [0], "FC", null),
  22: p([230, 30, 140, 330], [8, 3.5], [0], "FC", null),
  23: p([300, 35, 180, 450], [10, 4], [0, 0, 0, 0, 0, 2, 2, 2, 4, 4], "C", null),
  24: p([260, 35, 160, 400], [11, 4.5], [0, 0, 0, 0, 0, 2, 2, 2, 4, 4], "F", null),
  25: p([240, 40, 120, 400], [8, 5], [6, 7, 8, 8, 8, 8], "F", null),
  26: p([330, 50, 180, 550], [5, 3], [2, 4, 6, 8], "M", null),
  31: p([55, 6, 35, 75], [10, 3], null, "FFMMC", "PK"),
  32: p([80, 8, 60, 105], [12, 3.5], null, "FFMMC", "BC"),
  33: p([150, 25, 90, 250], [16, 5], null, "F", "SW"),
  34: p([160, 30, 90, 280], [10, 4], null, "M", "BR"),
  41: p([12, 3, 5, 22], [4, 2], [0], "FM", "K"),
  42: p([20, 5, 8, 40], [6, 3], [2, 4, 6, 8, 8], "FFM", "G"),
  51: p([55, 10, 30, 100], [8, 3], null, "FM", "VN"),
};
/** a species' most common category, for mobs without one */
const DEFAULT_CATEGORY: Readonly<Record<number, number>> = { 1: 11, 2: 23, 3: 32, 4: 42, 5: 51 };
const NAMES = new Map<number, string>(SPECIES_CATEGORIES.map((c) => [c.id, c.name]));
/** upper bounds of fat scores 1–5 */
const GR_BANDS = [5, 10, 15, 20, 25];
const P8_BANDS = [2, 6, 12, 22, 32];

const SMALL_DEFECTS = ["bruise", "arthritis", "grass-seed", "pleurisy"];
const OTHER_DEFECTS = ["bruise", "arthritis", "pleurisy"];
const DEFECT_REASON: Readonly<Record<string, string>> = {
  bruise: "Bruising",
  arthritis: "Arthritis",
  "grass-seed": "Grass seed",
  pleurisy: "Pleurisy",
};
const SMALL_WHOLE = ["Caseous lymphadenitis", "Pleurisy", "Emaciation", "Septicaemia"];
const OTHER_WHOLE = ["Pleurisy", "Emaciation", "Septicaemia", "Peritonitis"];

const clamp = (x: number, min: number, max: number) => x < min ? min : x > max ? max : x;
const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;
const fatScoreOf = (mm: number, bands: readonly number[]) => {
  let score = 1;
  for (const b of bands) if (mm > b) score++;
  return score;
};

/** The AUS-MEAT beef category of a carcass (see the table above). */
function beefCategory(sex: Sex, teeth: number, kg: number): string {
  if (teeth === 0 && kg < 150) return "V";
  if (sex === "M") return "B";
  if (teeth === 0) return "Y";
  if (teeth <= 2) return "YG";
  if (teeth <= 4) return "YP";
  if (sex === "F" && teeth >= 6) return "C";
  return sex === "C" && teeth === 8 ? "S" : "PR";
}

/** One carcass record per head, the mobs killed in the order given, body numbers consecutive. */
export function simulateKill(
  mobs: readonly SimulatedMob[],
  opts: { productionDate: string; seed: number; firstBodyNumber?: number },
): CarcassInput[] {
  const rng = seeded(opts.seed);
  const next = rng.next;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const normal = (mean: number, sd: number) =>
    mean + sd * Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const draw = (mean: number, sd: number, min: number, max: number) => clamp(normal(mean, sd), min, max);
  const tags = new Set<string>();
  const out: CarcassInput[] = [];
  let body = opts.firstBodyNumber ?? 1;
  for (const mob of mobs) {
    const categoryId = mob.speciesCategoryId ?? DEFAULT_CATEGORY[mob.speciesId];
    const profile = PROFILES[categoryId];
    if (!profile) throw new RangeError(`No simulation for species ${mob.speciesId}, category ${categoryId}`);
    const cattle = mob.speciesId === 2;
    const small = mob.speciesId === 1 || mob.speciesId === 4;
    const bands = cattle || mob.speciesId === 3 ? P8_BANDS : GR_BANDS;
    const category = NAMES.get(categoryId) ?? null;
    for (let i = 0; i < mob.head; i++, body++) {
      const sex = pick(profile.sexes);
      const teeth = profile.teeth ? pick(profile.teeth) : null;
      let kg = round(draw(...profile.kg), 1);
      const fatDepthMm = Math.round(draw(profile.fat[0], profile.fat[1], 1, 60));
      let rfid: string | null = null;
      if (cattle) {
        do rfid = `982 000${String(rng.int(0, 999_999_999)).padStart(9, "0")}`; while (tags.has(rfid));
        tags.add(rfid);
      }
      const u = next();
      const whole = u < 0.003;
      const defects: string[] = [];
      let trimKg = 0;
      let condemnedReason: string | null = null;
      if (whole) condemnedReason = pick(small ? SMALL_WHOLE : OTHER_WHOLE);
      else if (u < 0.05) {
        const code = pick(small ? SMALL_DEFECTS : OTHER_DEFECTS);
        defects.push(code);
        if (u < 0.023) {
          condemnedReason = DEFECT_REASON[code];
          trimKg = round(Math.min((0.5 + 4.5 * next()) * (cattle ? 3 : 1), kg / 4), 1);
          kg = round(kg - trimKg, 1);
        }
      }
      const fatScore = fatScoreOf(fatDepthMm, bands);
      const s = next();
      const record: CarcassInput = {
        productionDate: opts.productionDate,
        bodyNumber: body,
        lot: mob.lot,
        stockMobId: mob.stockMobId,
        killSequence: body,
        rfid,
        category,
        sex,
        dentition: teeth,
        hscwKg: whole ? 0 : kg,
        fatDepthMm: whole ? null : fatDepthMm,
        fatScore: whole ? null : fatScore,
        gradeCode: whole ? null : `${profile.grade ?? beefCategory(sex, teeth ?? 0, kg)}${fatScore}`,
        ...NO_MSA_GRADING,
        defects,
        trimKg,
        condemned: whole ? "whole" : trimKg > 0 ? "part" : "none",
        condemnedReason,
        skinGrade: mob.speciesId === 3
          ? null
          : whole || s >= 0.99
          ? "reject"
          : s < 0.8
          ? "1"
          : s < 0.95
          ? "2"
          : "3",
      };
      if (cattle && mob.isMsaEligible && !whole && sex !== "M") {
        const t = teeth ?? 0;
        const [ossMean, ossSd] = t === 0 ? [150, 20] : t <= 2 ? [180, 25] : t <= 4 ? [220, 35] : [330, 60];
        const oss = Math.round(draw(ossMean, ossSd, 100, 590) / 10) * 10;
        const marbling = Math.round(draw(380, 100, 100, 1190) / 10) * 10;
        const ts = next() < 0.05;
        const hgp = next() < 0.1;
        const ph = round(draw(5.58, 0.07, 5.3, 7), 2);
        record.msaHumpMm = Math.round(draw(65, 20, 30, 200));
        record.msaHangMethod = ts ? "TS" : "AT";
        record.msaHgp = hgp;
        record.msaOssification = oss;
        record.msaMarbling = marbling;
        record.msaRibFatMm = Math.round(draw(0.6 * fatDepthMm, 1.5, 1, 60));
        record.msaUltimatePh = ph;
        record.msaLoinTempC = round(draw(6, 2.5, 0, 15), 1);
        const index = 60 + 1.2 * (marbling - 380) / 100 - 3.5 * (oss - 150) / 100 + (ts ? 3 : 0) -
          (hgp ? 2 : 0);
        record.msaIndex = ph > 5.7 ? null : round(clamp(normal(index, 1.5), 30, 80), 2);
        // no draw of its own (the other fields' draws stay as they were): EMA follows the weight
        record.msaEyeMuscleAreaCm2 = Math.round(0.22 * kg + 15);
        const verdict = msaVerdict({ ...record, msaCompliant: null });
        record.msaCompliant = verdict.compliant;
        record.msaNonComplianceReason = verdict.reason;
      }
      out.push(record);
    }
  }
  return out;
}
