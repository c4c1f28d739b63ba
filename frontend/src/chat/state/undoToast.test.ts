import { describe, expect, it } from "vitest";
import { undoToast } from "./undoToast";

describe("undoToast", () => {
  it("names what came back", () => {
    expect(undoToast({ restored: ["/w/src/a.go"], deleted: ["/w/new.txt"], conflicts: [] }, false)).toBe("Undone: restored a.go; removed new.txt.");
    expect(undoToast({ restored: ["a", "b", "c", "d", "e"], deleted: [], conflicts: [] }, true)).toBe("Redone: restored a, b, c and 2 more.");
    expect(undoToast({ restored: [], deleted: [], conflicts: ["x"] }, false)).toBe("Undone: nothing left to change.");
  });
});
