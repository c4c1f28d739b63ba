import { describe, expect, it } from "vitest";
import { MAX_PASTED_BYTES, readPasted } from "./pasted";

const file = (name: string, body: string, size = body.length) => ({ name, size, text: async () => body });

describe("readPasted", () => {
  it("fences text files and skips binary and oversized ones", async () => {
    const r = await readPasted([
      file("notes.md", "hello\n"),
      file("logo.png", "\u0089PNG\u0000\u0000"),
      file("huge.log", "x", MAX_PASTED_BYTES + 1),
    ]);
    expect(r.text).toBe("```notes.md\nhello\n```\n");
    expect(r.skipped).toEqual(["logo.png (not text)", "huge.log (over 256 KB)"]);
  });

  it("keeps the block closed when the file has its own fences", async () => {
    const r = await readPasted([file("README.md", "```go\nx\n```")]);
    expect(r.text).toBe("````README.md\n```go\nx\n```\n````\n");
  });
});
