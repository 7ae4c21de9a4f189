import { describe, expect, test } from "vitest";
import { bandsFromInput, describeDefectRule, describeLevy, levyProblems } from "./rules.ts";

describe("levy rules", () => {
  test("bands typed in dollars and percent become cents and basis points, blank rows dropped, ascending", () => {
    expect(bandsFromInput([{ fromValue: 5, percent: 2 }, null, { perHead: 0, percent: 0 }, {}])).toEqual([
      { fromValueCents: 0, perHeadCents: 0, basisPoints: 0 },
      { fromValueCents: 500, perHeadCents: 0, basisPoints: 200 },
    ]);
    expect(bandsFromInput([{ perHead: 1.005 }])).toEqual([{
      fromValueCents: 0,
      perHeadCents: 101,
      basisPoints: 0,
    }]);
  });

  test("rates read in words", () => {
    expect(
      describeLevy({
        bands: [{ fromValueCents: 0, perHeadCents: 500, basisPoints: 0 }],
        maxPerHeadCents: null,
      }),
    )
      .toBe("$5.00 a head");
    expect(describeLevy({
      bands: [{ fromValueCents: 0, perHeadCents: 0, basisPoints: 0 }, {
        fromValueCents: 500,
        perHeadCents: 0,
        basisPoints: 200,
      }],
      maxPerHeadCents: null,
    })).toBe("2 % of the value from $5.00 (nothing below)");
    expect(describeLevy({
      bands: [{ fromValueCents: 0, perHeadCents: 100, basisPoints: 50 }, {
        fromValueCents: 100_000,
        perHeadCents: 300,
        basisPoints: 0,
      }],
      maxPerHeadCents: 250,
    })).toBe("$1.00 a head + 0.5 % of the value; $3.00 a head from $1,000.00; at most $2.50 a head");
  });

  test("problems name the field", () => {
    const ok = { levyType: "TransactionLevy", description: "", maxPerHeadCents: null };
    expect(levyProblems({ ...ok, bands: [{ fromValueCents: 0, perHeadCents: 500, basisPoints: 0 }] }))
      .toEqual([]);
    expect(levyProblems({ ...ok, bands: [] })[0].field).toBe("bands.0.perHead");
    expect(
      levyProblems({
        ...ok,
        levyType: "ProcessorCharge",
        bands: [{ fromValueCents: 0, perHeadCents: 1, basisPoints: 0 }],
      })[0]
        .field,
    ).toBe("description");
    expect(
      levyProblems({
        ...ok,
        bands: [{ fromValueCents: 0, perHeadCents: 1, basisPoints: 0 }, {
          fromValueCents: 0,
          perHeadCents: 2,
          basisPoints: 0,
        }],
      })[0].field,
    ).toBe("bands.1.fromValue");
    expect(
      levyProblems({
        ...ok,
        levyType: "ServiceKillFee",
        bands: [{ fromValueCents: 0, perHeadCents: 0, basisPoints: 10 }],
      }),
    )
      .toHaveLength(1);
    expect(
      levyProblems({
        ...ok,
        maxPerHeadCents: 0,
        bands: [{ fromValueCents: 0, perHeadCents: 1, basisPoints: 0 }],
      })[0]
        .field,
    ).toBe("maxPerHead");
  });

  test("defect rules read in words", () => {
    expect(describeDefectRule({ priceRule: "PercentOff", amount: 10 })).toBe("10 % off the grid price");
    expect(describeDefectRule({ priceRule: "FixedPerHead", amount: 2500 })).toBe("$25.00 a head");
    expect(describeDefectRule({ priceRule: "NoPayment", amount: 0 })).toBe("Not paid");
  });
});
