import { describe, expect, it } from "vitest";
import { matchShortcut } from "./shortcuts";

describe("matchShortcut", () => {
  it.each([
    [{ key: ",", ctrlKey: true }, "settings"],
    [{ key: ",", metaKey: true }, "settings"],
    [{ key: "," }, null],
    [{ key: "k", ctrlKey: true }, null],
  ])("%j → %s", (init, want) => expect(matchShortcut(new KeyboardEvent("keydown", init))).toBe(want));
});
