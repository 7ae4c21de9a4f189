/**
 * Yield reference data per species (docs/decisions.md "Data model and demo boning"):
 * the cut hierarchy (product type → body segment → primal → cut), the plant's product codes under each
 * cut with their AUS-MEAT Handbook item numbers where one exists, the bone, fat and trim codes that close
 * the mass balance, each code's standard yield (% of HSCW boned) and $/kg, and the boning rooms.
 *
 * Standards follow the published AUS-MEAT / MLA yield guides: a lamb carcase's saleable cuts ~72 % of
 * HSCW (bone-in and boneless mix), beef boneless ~70 % (primals plus manufacturing trim), pork ~74 %;
 * product + bone + fat + trim ≈ 98 % (the rest is the unaccounted line: evaporation and spillage).
 * Prices are indicative wholesale cents/kg. Pure constants: seedReference.ts writes them to a tenant, and
 * Settings › Yield, Product codes and Cut hierarchy overrides edit what it wrote.
 */
import type { ProductKind } from "../rules.ts";

/** A product code of a cut: the plant's code, its AUS-MEAT item number, standard %, cents/kg, pieces a carton. */
export interface CodeDef {
  code: string;
  description: string;
  meatCode: string | null;
  percent: number;
  centsPerKg: number;
  /** pieces per kg in a carton (a leg is ~2.4 kg: 0.4 a kg); 0 for bulk product */
  piecesPerKg: number;
}

export interface CutDef {
  name: string;
  codes: CodeDef[];
}
export interface PrimalDef {
  name: string;
  cuts: CutDef[];
}
export interface BodySegmentDef {
  name: string;
  primals: PrimalDef[];
}
export interface ByproductDef extends CodeDef {
  kind: Exclude<ProductKind, "product">;
}

export interface SpeciesReference {
  speciesId: number;
  productType: string;
  bodySegments: BodySegmentDef[];
  byproducts: ByproductDef[];
}

const c = (
  code: string,
  description: string,
  meatCode: string | null,
  percent: number,
  centsPerKg: number,
  piecesPerKg = 0,
): CodeDef => ({ code, description, meatCode, percent, centsPerKg, piecesPerKg });
const cut = (name: string, ...codes: CodeDef[]): CutDef => ({ name, codes });
/** a primal with one cut of the same name */
const primal = (name: string, ...codes: CodeDef[]): PrimalDef => ({ name, cuts: [cut(name, ...codes)] });
const by = (
  kind: ByproductDef["kind"],
  code: string,
  description: string,
  percent: number,
  centsPerKg: number,
): ByproductDef => ({ ...c(code, description, null, percent, centsPerKg), kind });

export const LAMB: SpeciesReference = {
  speciesId: 1,
  productType: "Lamb carcase",
  bodySegments: [
    {
      name: "Hindquarter",
      primals: [
        primal(
          "Leg",
          c("L-LEG-CO", "Leg, chump on, shank on", "4800", 13.2, 1190, 0.4),
          c("L-LEG-CF", "Leg, chump off, shank on", "4820", 3.6, 1240, 0.45),
          c("L-LEG-BL", "Leg, boneless, netted", null, 3.8, 1690, 0.5),
        ),
        primal(
          "Chump",
          c("L-CHUMP", "Chump, bone in", null, 2.9, 1350, 3),
          c("L-CHUMP-BL", "Chump, boneless (rump)", null, 1.4, 2150, 4),
        ),
      ],
    },
    {
      name: "Middle",
      primals: [
        primal(
          "Rack",
          c("L-RACK", "Rack, 8 rib, cap on", "4748", 3.9, 2650, 1.5),
          c("L-RACK-FR", "Rack, frenched, cap off", "4932", 3.4, 3750, 2),
        ),
        primal(
          "Loin",
          c("L-LOIN", "Short loin, bone in", "4880", 5.8, 1950, 1),
          c("L-BSTRAP", "Backstrap (loin eye), denuded", null, 2.6, 3400, 4),
        ),
        primal(
          "Flap",
          c("L-FLAP", "Flap", null, 4.1, 420, 2),
          c("L-BREAST", "Breast and flap, bone in", null, 1.9, 520, 1),
        ),
      ],
    },
    {
      name: "Forequarter",
      primals: [
        primal(
          "Shoulder",
          c("L-SHLD-SQ", "Shoulder, square cut, bone in", "5050", 11.8, 980, 0.3),
          c("L-SHLD-BL", "Shoulder, boneless, netted", null, 5.1, 1450, 0.5),
        ),
        primal(
          "Shanks",
          c("L-SHANK-F", "Foreshank, frenched", null, 2.9, 1290, 3),
          c("L-SHANK-H", "Hindshank, frenched", null, 2.1, 1390, 3),
        ),
        primal(
          "Neck",
          c("L-NECK", "Neck, bone in", null, 2.0, 760, 2),
          c("L-NECK-FIL", "Neck fillet", null, 0.8, 1850, 6),
        ),
      ],
    },
  ],
  byproducts: [
    by("bone", "L-BONE", "Bone", 16.4, 25),
    by("fat", "L-FAT", "Fat", 7.6, 60),
    by("trim", "L-TRIM", "Trim (rendering)", 2.4, 40),
  ],
};

export const BEEF: SpeciesReference = {
  speciesId: 2,
  productType: "Beef carcase",
  bodySegments: [
    {
      name: "Hindquarter",
      primals: [
        primal(
          "Topside",
          c("B-TOPS", "Topside, cap on", "2000", 3.1, 1090, 0.15),
          c("B-TOPS-CO", "Topside, cap off", "2010", 1.9, 1180, 0.15),
        ),
        primal(
          "Knuckle",
          c("B-KNUC", "Knuckle (thick flank)", "2070", 2.2, 1050, 0.2),
          c("B-KNUC-PE", "Knuckle, peeled", null, 0.8, 1120, 0.25),
        ),
        {
          name: "Silverside",
          cuts: [
            cut("Outside flat", c("B-OFLAT", "Outside flat", "2020", 3.8, 980, 0.15)),
            cut("Eye round", c("B-EYE", "Eye round", "2040", 1.5, 1010, 0.5)),
          ],
        },
        primal(
          "Rump",
          c("B-RUMP", "Rump", "2090", 2.6, 1690, 0.12),
          c("B-RUMP-CAP", "Rump cap", null, 0.6, 1590, 0.6),
          c("B-RUMP-D", "D-rump, cap off", null, 0.6, 1790, 0.2),
        ),
        primal(
          "Striploin",
          c("B-STRIP", "Striploin, 2 cm lip", "2140", 2.9, 2790, 0.2),
          c("B-STRIP-0", "Striploin, 0 cm lip", null, 0.7, 2990, 0.2),
        ),
        primal(
          "Tenderloin",
          c("B-TEND", "Tenderloin, side strap on", "2150", 1.5, 4690, 0.4),
          c("B-TEND-SO", "Tenderloin, side strap off", null, 0.5, 5190, 0.5),
        ),
        primal(
          "Thin flank",
          c("B-TFLANK", "Thin flank", null, 1.3, 890, 0.3),
          c("B-FLANK-S", "Flank steak", null, 0.5, 1490, 1),
        ),
      ],
    },
    {
      name: "Forequarter",
      primals: [
        primal(
          "Cube roll",
          c("B-CUBE", "Cube roll, 5 rib", "2240", 1.8, 3290, 0.25),
          c("B-CUBE-LR", "Cube roll, lip removed", null, 0.4, 3490, 0.25),
        ),
        primal(
          "Blade",
          c("B-BLADE", "Blade, bolar", "2300", 2.4, 990, 0.2),
          c("B-OYSTER", "Oyster blade", null, 1.1, 1290, 0.6),
          c("B-BLADE-CL", "Blade, clod", null, 1.0, 930, 0.2),
        ),
        primal(
          "Chuck",
          c("B-CHUCK", "Chuck", "2272", 3.6, 860, 0.12),
          c("B-CHUCK-R", "Chuck roll", null, 1.7, 990, 0.2),
          c("B-CHUCK-T", "Chuck tender", null, 0.7, 1090, 1),
        ),
        primal(
          "Brisket",
          c("B-BRIS-PE", "Brisket, point end, deckle off", "2323", 2.2, 1090, 0.3),
          c("B-BRIS-NE", "Brisket, navel end", "2353", 1.8, 890, 0.3),
        ),
        primal(
          "Trim",
          c("B-90CL", "Manufacturing beef, 90 CL", null, 12.5, 890),
          c("B-85CL", "Manufacturing beef, 85 CL", null, 9.5, 790),
          c("B-65CL", "Manufacturing beef, 65 CL", null, 6.8, 520),
        ),
      ],
    },
  ],
  byproducts: [
    by("bone", "B-BONE", "Bone", 17.2, 20),
    by("fat", "B-FAT", "Fat", 9.3, 55),
    by("trim", "B-TRIM", "Trim (rendering)", 1.6, 35),
  ],
};

export const PORK: SpeciesReference = {
  speciesId: 3,
  productType: "Pork carcase",
  bodySegments: [
    {
      name: "Leg",
      primals: [
        primal(
          "Leg",
          c("P-LEG", "Leg, bone in, rind on", null, 16.4, 560, 0.1),
          c("P-LEG-BL", "Leg, boneless, rind off", null, 7.6, 780, 0.15),
        ),
      ],
    },
    {
      name: "Middle",
      primals: [
        primal(
          "Loin",
          c("P-LOIN", "Loin, bone in, rind on", null, 10.2, 890, 0.2),
          c("P-LOIN-BL", "Loin, boneless, rind off", null, 4.1, 1190, 0.25),
          c("P-LOIN-FIL", "Tenderloin", null, 1.1, 1690, 1.5),
        ),
        primal(
          "Belly",
          c("P-BELLY", "Belly, bone in, rind on", null, 8.9, 990, 0.2),
          c("P-BELLY-BL", "Belly, boneless, rind on", null, 4.2, 1190, 0.25),
        ),
      ],
    },
    {
      name: "Shoulder",
      primals: [
        primal(
          "Shoulder",
          c("P-SHLD", "Shoulder, bone in", null, 10.6, 520, 0.15),
          c("P-SHLD-BL", "Shoulder, boneless", null, 5.8, 690, 0.2),
        ),
        primal(
          "Collar",
          c("P-COLLAR", "Collar butt (neck)", null, 3.9, 840, 0.4),
          c("P-SCOTCH", "Scotch fillet", null, 1.4, 1190, 0.5),
        ),
      ],
    },
  ],
  byproducts: [
    by("bone", "P-BONE", "Bone", 11.6, 20),
    by("fat", "P-FAT", "Fat and rind", 9.0, 45),
    by("trim", "P-TRIM", "Trim (rendering)", 3.2, 30),
  ],
};

export const SPECIES_REFERENCE: Readonly<Record<number, SpeciesReference>> = { 1: LAMB, 2: BEEF, 3: PORK };

/** Every code of a species with its kind and cut path (cut null for bone, fat and trim). */
export interface FlatCode extends CodeDef {
  kind: ProductKind;
  bodySegment: string | null;
  primal: string | null;
  cut: string | null;
}

export function flatCodes(ref: SpeciesReference): FlatCode[] {
  const products = ref.bodySegments.flatMap((s) =>
    s.primals.flatMap((p) =>
      p.cuts.flatMap((cu) =>
        cu.codes.map((code) => ({
          ...code,
          kind: "product" as const,
          bodySegment: s.name,
          primal: p.name,
          cut: cu.name,
        }))
      )
    )
  );
  const rest = ref.byproducts.map((b) => ({ ...b, bodySegment: null, primal: null, cut: null }));
  return [...products, ...rest];
}

/**
 * The demo's boning rooms: two a site. The first site (Wagga Wagga) bones sheep and pig, the second
 * (Bordertown) beef and sheep: each bones what its kill floor kills in the demo (sheep at Wagga Wagga,
 * beef at Bordertown), plus a species boned from runs without kill floor records.
 */
export const ROOM_NAMES = ["Boning room 1", "Boning room 2"] as const;
export function roomSpecies(siteIndex: number, speciesIds: readonly number[]): number[] {
  const wanted = siteIndex % 2 === 0 ? [1, 3] : [2, 1];
  const own = wanted.filter((s) => speciesIds.includes(s));
  return own.length ? own : [...speciesIds];
}
