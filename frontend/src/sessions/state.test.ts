import { describe, expect, it } from "vitest";
import type { SessionView } from "../bridge/shell";
import { groupByDate, initialSessions, markedSegments, relativeTime, sessionsReducer, type SessionsAction, type SessionsState } from "./state";

const sv = (id: string, updatedAt: number, title = id): SessionView => ({ id, title, updatedAt, model: "m", costUsd: 0 });
const run = (actions: SessionsAction[], from: SessionsState = initialSessions) => actions.reduce(sessionsReducer, from);

describe("sessionsReducer", () => {
  it("sorts loaded sessions newest first", () => {
    const s = run([{ type: "loaded", workspace: "/w", items: [sv("a", 1), sv("b", 3), sv("c", 2)] }]);
    expect(s.items.map((x) => x.id)).toEqual(["b", "c", "a"]);
    expect(s.loaded).toBe(true);
  });

  it("hides a deleted session, restores it in place on undo", () => {
    const base = run([{ type: "loaded", workspace: "/w", items: [sv("a", 3), sv("b", 2), sv("c", 1)] }, { type: "opened", id: "b" }]);
    const del = run([{ type: "deleted", id: "b", deadline: 10 }], base);
    expect(del.items.map((x) => x.id)).toEqual(["a", "c"]);
    expect(del.pending?.session.id).toBe("b");
    expect(del.currentId).toBeNull();
    // A stale list that still has it does not bring it back while Undo is offered.
    const stale = run([{ type: "loaded", workspace: "/w", items: [sv("a", 3), sv("b", 2), sv("c", 1)] }], del);
    expect(stale.items.map((x) => x.id)).toEqual(["a", "c"]);
    const back = run([{ type: "restored", id: "b" }], stale);
    expect(back.items.map((x) => x.id)).toEqual(["a", "b", "c"]);
    expect(back.pending).toBeNull();
  });

  it("ignores undo for anything but the pending delete, and lapses only its own", () => {
    const del = run([{ type: "loaded", workspace: "/w", items: [sv("a", 1), sv("b", 2)] }, { type: "deleted", id: "a", deadline: 1 }]);
    expect(run([{ type: "restored", id: "b" }], del)).toBe(del);
    expect(run([{ type: "undoLapsed", id: "b" }], del).pending).not.toBeNull();
    expect(run([{ type: "undoLapsed", id: "a" }], del).pending).toBeNull();
    expect(run([{ type: "deleted", id: "zzz", deadline: 1 }], del)).toBe(del);
  });

  it("renames in place and leaves edit mode", () => {
    const s = run([{ type: "loaded", workspace: "/w", items: [sv("a", 1)] }, { type: "startRename", id: "a" }]);
    expect(s.editingId).toBe("a");
    const r = run([{ type: "renamed", id: "a", title: "Plan" }], s);
    expect(r.items[0]?.title).toBe("Plan");
    expect(r.editingId).toBeNull();
    expect(run([{ type: "startRename", id: "nope" }], r).editingId).toBeNull();
  });

  it("keeps only hits for the current query", () => {
    const hit = { session_id: "a", title: "t", workspace: "/w", message_id: 1, role: "user" as const, snippet: "[x]", at: "" };
    const s = run([{ type: "query", query: "fo" }, { type: "query", query: "foo" }, { type: "hits", query: "fo", hits: [hit] }]);
    expect(s.hits).toBeNull();
    const t = run([{ type: "hits", query: "foo", hits: [hit] }], s);
    expect(t.hits).toHaveLength(1);
    expect(run([{ type: "query", query: "  " }], t).hits).toBeNull();
  });
});

describe("groupByDate", () => {
  it("buckets by local calendar day", () => {
    const now = new Date(2026, 10, 22, 9, 30);
    const at = (d: number, h = 12) => new Date(2026, 10, d, h).getTime();
    const groups = groupByDate(
      [sv("now", at(22, 9)), sv("dawn", at(22, 0)), sv("y", at(21, 23)), sv("y0", at(21, 0)), sv("w", at(16)), sv("w7", at(15, 1)), sv("old", at(14, 23))],
      now,
    );
    expect(groups.map((g) => [g.label, g.items.map((x) => x.id)])).toEqual([
      ["Today", ["now", "dawn"]],
      ["Yesterday", ["y", "y0"]],
      ["Previous 7 days", ["w", "w7"]],
      ["Older", ["old"]],
    ]);
  });

  it("omits empty groups", () => {
    expect(groupByDate([], new Date())).toEqual([]);
  });
});

describe("markedSegments", () => {
  it.each([
    ["plain", [{ text: "plain", match: false }]],
    ["a [foo] b [bar]", [{ text: "a ", match: false }, { text: "foo", match: true }, { text: " b ", match: false }, { text: "bar", match: true }]],
    ["[] x [y", [{ text: " x [y", match: false }]],
    ["", []],
  ])("%s", (snippet, want) => expect(markedSegments(snippet)).toEqual(want));
});

describe("sessionsReducer across folders", () => {
  it("forgets the current conversation when another folder's list arrives", () => {
    const s = run([{ type: "loaded", workspace: "/a", items: [sv("x", 1)] }, { type: "opened", id: "x" }]);
    expect(run([{ type: "loaded", workspace: "/a", items: [sv("x", 2)] }], s).currentId).toBe("x");
    const t = run([{ type: "loaded", workspace: "/b", items: [sv("y", 1)] }], s);
    expect(t.currentId).toBeNull();
    expect(t.workspace).toBe("/b");
  });
});

describe("relativeTime", () => {
  const now = new Date(2026, 10, 26, 18, 0).getTime();
  it.each([
    [now - 20_000, "just now"],
    [now + 60_000, "just now"], // a clock set back
    [now - 5 * 60_000, "5 min ago"],
    [now - 3 * 3_600_000, "3 h ago"],
    [now - 30 * 3_600_000, "yesterday"],
    [now - 4 * 86_400_000, "4 days ago"],
  ])("%s reads %s", (t, want) => expect(relativeTime(t, now)).toBe(want));
  it("names the date past a week, with the year only when it differs", () => {
    expect(relativeTime(new Date(2026, 9, 1).getTime(), now)).toBe(new Date(2026, 9, 1).toLocaleDateString(undefined, { month: "short", day: "numeric" }));
    expect(relativeTime(new Date(2025, 9, 1).getTime(), now)).toContain("2025");
  });
});
