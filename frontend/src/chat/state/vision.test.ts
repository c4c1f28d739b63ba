import { describe, expect, it } from "vitest";
import { canSendImages } from "./vision";

describe("canSendImages", () => {
  it.each([
    [{ vision: true, visionKnown: true }, true],
    [{ vision: false, visionKnown: true }, false],
    // A model Hearth merely does not know is sent the image.
    [{ vision: false, visionKnown: false }, true],
    [{}, undefined],
  ])("%o → %s", (v, want) => {
    expect(canSendImages(v)).toBe(want);
  });
});
