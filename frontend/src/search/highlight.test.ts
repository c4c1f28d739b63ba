import { describe, expect, it } from "vitest";
import { byteSegments } from "./highlight";

const marked = (snippet: string, ranges: [number, number][]) =>
  byteSegments(snippet, ranges).map((s) => (s.match ? `[${s.text}]` : s.text)).join("");

describe("byteSegments", () => {
  it.each<[string, [number, number][], string]>([
    ["func main() {", [[5, 9]], "func [main]() {"],
    ["no ranges", [], "no ranges"],
    // "é" is two bytes, "日本" six, "😀" four (two UTF-16 units).
    ["café main", [[6, 10]], "café [main]"],
    ["日本 search", [[7, 13]], "日本 [search]"],
    ["😀 ok ok", [[5, 7], [8, 10]], "😀 [ok] [ok]"],
    ["dup dup", [[4, 7], [0, 3], [0, 3]], "[dup] [dup]"],
    ["café", [[4, 5]], "caf[é]"],
    ["out of range", [[7, 400]], "out of [range]"],
  ])("%s", (snippet, ranges, want) => expect(marked(snippet, ranges)).toBe(want));

  it("keeps every character exactly once", () => {
    const s = "naïve 😀 résumé";
    expect(byteSegments(s, [[1, 4], [3, 9], [12, 14]]).map((x) => x.text).join("")).toBe(s);
  });
});
