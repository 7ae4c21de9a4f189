import { describe, expect, test } from "vitest";
import { ORDER_STATUS } from "../../../../kernel/enums.ts";
import { deliveryProgress, speciesWord } from "./rules.ts";

describe("a delivery's progress in a farmer's words", () => {
  test("each order status reads as delivered, in yard, on the kill floor or processed", () => {
    const words = Object.fromEntries(
      Object.entries(ORDER_STATUS).map(([name, level]) => [name, deliveryProgress(level)]),
    );
    expect(words).toEqual({
      Cancelled: "Cancelled",
      Ordered: "Delivered",
      Confirmed: "Delivered",
      PartiallyDelivered: "Delivered",
      Delivered: "Delivered",
      Verified: "Delivered",
      Unloaded: "In yard",
      InProcessing: "On the kill floor",
      Processed: "Processed",
      InvoiceFinalised: "Processed",
    });
  });

  test("species by the platform's ids", () => {
    expect([speciesWord(1), speciesWord(2), speciesWord(9)]).toEqual(["Sheep", "Beef", "Species 9"]);
  });
});
