import { describe, expect, it } from "vitest";
import { isIndexStatus, isSearchView, isSessionView, isTranscript, parseNotice } from "./sessions";

const status = { state: "building", files_done: 3, files_total: 10, bytes_done: 1, bytes_total: 2, files: 0, bytes: 0, watcher: "off" };

describe("shell guards", () => {
  it.each([
    [status, true],
    [{ ...status, warning: "slow disk" }, true],
    [{ ...status, counting: true }, true],
    [{ ...status, counting: "yes" }, false],
    [{ ...status, state: "exploded" }, false],
    [{ ...status, files_done: "3" }, false],
    [null, false],
  ])("isIndexStatus(%j) = %s", (v, want) => expect(isIndexStatus(v)).toBe(want));

  it("accepts sessions only with an id and numeric time", () => {
    const s = { id: "s1", title: "t", updatedAt: 1, model: "m", costUsd: 0 };
    expect(isSessionView(s)).toBe(true);
    expect(isSessionView({ ...s, id: "" })).toBe(false);
    expect(isSessionView({ ...s, updatedAt: "yesterday" })).toBe(false);
  });

  it("checks what each stored turn changed", () => {
    const session = { id: "s1", title: "t", updatedAt: 1, model: "m", costUsd: 0 };
    const messages = [{ id: 1, role: "user", text: "hi" }];
    const u = { files: ["a.go"], stats: [{ path: "a.go", added: 1, removed: 0 }], undone: false };
    expect(isTranscript({ session, messages })).toBe(true);
    expect(isTranscript({ session, messages, undo: { m1: u } })).toBe(true);
    expect(isTranscript({ session, messages, calls: { c1: { summary: "Ran ls · exit 2", exitCode: 2 } } })).toBe(true);
    expect(isTranscript({ session, messages, calls: { c1: { exitCode: 2 } } })).toBe(false);
    expect(isTranscript({ session, messages, undo: { m1: { ...u, undone: "no" } } })).toBe(false);
    expect(isTranscript({ session, messages, undo: { m1: { ...u, stats: [{ path: "a.go" }] } } })).toBe(false);
    expect(isTranscript({ session, messages, undo: { m1: { ...u, files: [1] } } })).toBe(false);
  });

  it("checks every search hit and its highlight ranges", () => {
    const hit = { path: "a.go", line: 3, score: 1, snippet: "func main()", highlights: [[0, 4]] };
    expect(isSearchView({ total: 1, tookMs: 2, partial: false, hits: [hit] })).toBe(true);
    expect(isSearchView({ total: 0, tookMs: 0, partial: false, hits: null })).toBe(true);
    expect(isSearchView({ total: 1, tookMs: 2, partial: false, hits: [{ ...hit, highlights: [[0]] }] })).toBe(false);
    expect(isSearchView({ total: 900, tookMs: 2, partial: false, approx: true, hits: [hit] })).toBe(true);
    expect(isSearchView({ total: 900, tookMs: 2, partial: false, approx: "yes", hits: [hit] })).toBe(false);
    expect(isSearchView({ total: 1, tookMs: 2, partial: false, hits: [{ ...hit, defines: true }] })).toBe(true);
    expect(isSearchView({ total: 1, tookMs: 2, partial: false, hits: [{ ...hit, defines: "yes" }] })).toBe(false);
  });

  it.each([
    ['{"code":"internal","message":"not saved"}', { code: "internal", message: "not saved" }],
    [{ code: "bad_key", message: "Key rejected" }, { code: "bad_key", message: "Key rejected" }],
    ["plain words", { code: "internal", message: "plain words" }],
    ['{"code":"x"}', null],
    ["", null],
    [42, null],
  ])("parseNotice(%j)", (v, want) => expect(parseNotice(v)).toEqual(want));
});
