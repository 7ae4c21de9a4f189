import { describe, expect, it } from "vitest";
import { extensionOfKey } from "./rules.ts";

describe("yard map image rules", () => {
  it("reads a stored map's kind from its key", () => {
    expect(extensionOfKey("maps/3.webp")).toBe("webp");
    expect(extensionOfKey("maps/3.PNG")).toBe("png");
    expect(extensionOfKey("maps/3.exe")).toBeNull();
  });
});
