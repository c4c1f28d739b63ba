import { describe, expect, it } from "vitest";
import type { ChatEvent } from "../../bridge/protocol";
import { chatReducer, initialState, isStreaming, pendingApprovals, TAIL_LIMIT, type ChatState, type Incoming, type Turn } from "./state";
import { done, started, stream, text, usage } from "../testing/testkit";

function run(events: Incoming[], now = 0, from: ChatState = initialState): ChatState {
  return chatReducer(from, { type: "events", events, now });
}

function turn(s: ChatState, id = "t1"): Turn {
  const t = s.turns[id];
  if (!t) throw new Error(`no turn ${id}`);
  return t;
}

const textOf = (t: Turn) => t.parts.flatMap((p) => (p.kind === "text" ? [p.text] : [])).join("|");

describe("chatReducer ordering", () => {
  const evs = stream("t1", started("hi"), text("Hel"), text("lo"), text(" world"));

  it("applies events in order", () => {
    const t = turn(run(evs));
    expect(t.prompt).toBe("hi");
    expect(t.startedAt).toBe(1000);
    expect(textOf(t)).toBe("Hello world");
    expect(t.nextSeq).toBe(5);
  });

  it("drops duplicates, delivered together or later", () => {
    const dup = [evs[0], evs[1], evs[1], evs[2]].filter((e): e is ChatEvent => !!e);
    let s = run(dup);
    s = run([evs[1], evs[2], evs[3]].filter((e): e is ChatEvent => !!e), 0, s);
    expect(textOf(turn(s))).toBe("Hello world");
  });

  it.each([
    ["reversed", [3, 2, 1, 0]],
    ["gap first", [0, 2, 3, 1]],
    ["one at a time shuffled", [1, 3, 0, 2]],
  ])("buffers out-of-order events until the gap fills (%s)", (_name, idx) => {
    let s = initialState;
    for (const i of idx) {
      const e = evs[i];
      if (e) s = run([e], 0, s);
    }
    expect(textOf(turn(s))).toBe("Hello world");
    expect(turn(s).early).toEqual({});
  });

  it("shows nothing past a gap", () => {
    const s = run([evs[0], evs[2], evs[3]].filter((e): e is ChatEvent => !!e));
    expect(textOf(turn(s))).toBe("");
    expect(Object.keys(turn(s).early)).toEqual(["3", "4"]);
  });

  it("keeps turns apart and in first-seen order", () => {
    const a = stream("a", started("one"), text("A"));
    const b = stream("b", started("two"), text("B"));
    const s = run([b[0], a[0], a[1], b[1]].filter((e): e is ChatEvent => !!e));
    expect(s.order).toEqual(["b", "a"]);
    expect(textOf(turn(s, "a"))).toBe("A");
    expect(textOf(turn(s, "b"))).toBe("B");
  });

  it("returns the same state for an empty batch", () => {
    expect(run([], 0, initialState)).toBe(initialState);
  });
});

describe("chatReducer content", () => {
  it("shows a slash command's expansion while the turn runs", () => {
    const t = turn(run(stream("t1", started("/review foo"), { type: "turn_started", prompt: "/review foo", sent: "Review foo for bugs.", startedAt: 1000 }, text("ok"))));
    expect(t.prompt).toBe("/review foo");
    expect(t.expansion).toBe("Review foo for bugs.");
    expect(t.status).toBe("running");
  });

  it("interleaves text and tool calls in order and keeps a bounded live tail", () => {
    const big = "x".repeat(TAIL_LIMIT);
    const s = run(stream("t1", started("p"), text("Let me look."),
      { type: "tool_started", callId: "c1", name: "shell", args: { command: "ls" } },
      { type: "tool_progress", callId: "c1", chunk: "a\n" },
      { type: "tool_progress", callId: "c1", chunk: big + "END" },
    ));
    const t = turn(s);
    expect(t.parts.map((p) => p.kind)).toEqual(["text", "tool"]);
    const c = t.tools.c1;
    expect(c?.state).toBe("running");
    expect(c?.args).toEqual({ command: "ls" });
    expect(c?.tail.length).toBe(TAIL_LIMIT);
    expect(c?.tail.endsWith("END")).toBe(true);

    const s2 = run([
      { type: "tool_finished", callId: "c1", name: "shell", status: "failed", output: "boom", summary: "Ran ls · exit 2", exitCode: 2, durationMs: 42, turnId: "t1", seq: 6 },
      { type: "text", text: "It failed.", turnId: "t1", seq: 7 },
    ], 0, s);
    const t2 = turn(s2);
    expect(t2.tools.c1).toMatchObject({ state: "failed", output: "boom", summary: "Ran ls · exit 2", exitCode: 2, tail: "", durationMs: 42, args: { command: "ls" } });
    expect(t2.parts.map((p) => p.kind)).toEqual(["text", "tool", "text"]);
    expect(textOf(t2)).toBe("Let me look.|It failed.");
  });

  it("collects reasoning apart from the answer", () => {
    const t = turn(run(stream("t1", started("p"), { type: "reasoning", text: "hmm " }, { type: "reasoning", text: "ok" }, text("Yes"))));
    expect(t.reasoning).toBe("hmm ok");
    expect(textOf(t)).toBe("Yes");
  });

  it("tracks approvals from request to answer to decision", () => {
    let s = run(stream("t1", started("p"),
      { type: "tool_started", callId: "c1", name: "shell", args: {} },
      { type: "approval_requested", requestId: "r1", callId: "c1", tool: "shell", kind: "shell", summary: "run rm", detail: "rm -rf build" },
    ));
    expect(pendingApprovals(s).map((a) => a.detail)).toEqual(["rm -rf build"]);
    s = chatReducer(s, { type: "answered", requestId: "r1", decision: "allow_once" });
    expect(turn(s).approvals.r1?.answered).toBe("allow_once");
    expect(pendingApprovals(s)).toHaveLength(1);
    s = chatReducer(s, { type: "answered", requestId: "r1", decision: null });
    expect(turn(s).approvals.r1?.answered).toBeNull();
    s = run([{ type: "approval_resolved", requestId: "r1", decision: "deny", turnId: "t1", seq: 4 }], 0, s);
    expect(turn(s).approvals.r1?.decision).toBe("deny");
    expect(pendingApprovals(s)).toEqual([]);
    expect(turn(s).parts.map((p) => p.kind)).toEqual(["tool", "approval"]);
  });

  it("keeps an MCP tool's server on its approval, for the card's allow-the-server button", () => {
    const s = run(stream("t1", started("p"),
      { type: "approval_requested", requestId: "r1", callId: "c1", tool: "mcp__ev__echo", kind: "other", summary: "", detail: "{}", server: "ev" },
      { type: "approval_requested", requestId: "r2", callId: "c2", tool: "shell", kind: "shell", summary: "", detail: "ls" },
    ));
    expect(turn(s).approvals.r1?.server).toBe("ev");
    expect(turn(s).approvals.r2?.server).toBeUndefined();
  });

  it("takes the user's choice when the backend confirms without saying which", () => {
    const ask = (id: string) => ({ type: "approval_requested" as const, requestId: id, callId: "c", tool: "shell", kind: "shell" as const, summary: "", detail: "ls" });
    let s = run(stream("t1", started("p"), ask("r1"), ask("r2")));
    s = chatReducer(s, { type: "answered", requestId: "r1", decision: "allow_session" });
    s = run([
      { type: "approval_resolved", requestId: "r1", turnId: "t1", seq: 4 },
      { type: "approval_resolved", requestId: "r2", turnId: "t1", seq: 5 },
    ], 0, s);
    expect(turn(s).approvals.r1?.decision).toBe("allow_session");
    expect(turn(s).approvals.r2?.decision).toBe("answered");
  });

  it("goes on past a malformed event's place in the sequence", () => {
    const s = run([
      ...stream("t1", started("p"), text("a")),
      { type: "skipped", turnId: "t1", seq: 3 },
      { type: "text", text: "b", turnId: "t1", seq: 4 },
    ]);
    expect(textOf(turn(s))).toBe("ab");
    expect(turn(s).nextSeq).toBe(5);
  });

  it("sums usage and cost per response, unknown once any cost is unknown", () => {
    const t = turn(run(stream("t1", started("p"),
      { type: "usage", usage: usage(100, 10), cost: 0.25 },
      { type: "usage", usage: usage(200, 20), cost: 0.5 },
    )));
    expect(t.usage.inputTokens).toBe(300);
    expect(t.usage.outputTokens).toBe(30);
    expect(t.cost).toBeCloseTo(0.75);
    const u = turn(run(stream("t1", started("p"),
      { type: "usage", usage: usage(1, 1), cost: 0.25 },
      { type: "usage", usage: usage(1, 1), cost: null },
      { type: "usage", usage: usage(1, 1), cost: 0.25 },
    )));
    expect(u.cost).toBeNull();
  });

  it("notes a retry with the local clock and clears it when output resumes", () => {
    const s = run(stream("t1", started("p"), { type: "retry", class: "rate_limit", attempt: 2, delayMs: 5000 }), 777);
    expect(turn(s).retry).toEqual({ class: "rate_limit", attempt: 2, delayMs: 5000, at: 777 });
    const s2 = run([{ type: "text", text: "ok", turnId: "t1", seq: 3 }], 900, s);
    expect(turn(s2).retry).toBeNull();
  });

  it("announces compaction in the conversation", () => {
    const t = turn(run(stream("t1", started("p"), { type: "compacted", kind: "summary", before: 9000, after: 2000 })));
    expect(t.parts).toEqual([{ kind: "compacted", how: "summary", before: 9000, after: 2000 }]);
  });
});

describe("chatReducer endings", () => {
  it("records elapsed, final usage and status on done", () => {
    const s = run(stream("t1", started("p"), text("hi"), { type: "usage", usage: usage(1, 1), cost: 0.1 }, done({ cost: 0.5, iterations: 3 })));
    const t = turn(s);
    expect(t).toMatchObject({ status: "done", elapsedMs: 65_000, iterations: 3, cost: 0.5, usage: usage(10, 20) });
    expect(isStreaming(s)).toBe(false);
  });

  it("uses done.text when nothing streamed, and not twice when it did", () => {
    expect(textOf(turn(run(stream("t1", started("p"), done({ text: "whole answer" })))))).toBe("whole answer");
    expect(textOf(turn(run(stream("t1", started("p"), text("streamed"), done({ text: "streamed" })))))).toBe("streamed");
  });

  it("marks a stopped turn and cancels calls still running", () => {
    const s = run(stream("t1", started("p"),
      { type: "tool_started", callId: "c1", name: "shell", args: {} },
      { type: "tool_progress", callId: "c1", chunk: "partial" },
      done({ stopped: true }),
    ));
    const t = turn(s);
    expect(t.status).toBe("stopped");
    expect(t.tools.c1).toMatchObject({ state: "canceled", output: "partial" });
  });

  it("keeps the error through done", () => {
    const s = run(stream("t1", started("p"), { type: "error", class: "auth", message: "bad key" }, done()));
    expect(turn(s).status).toBe("error");
    expect(turn(s).error).toEqual({ class: "auth", message: "bad key" });
  });

  it("shows a sent prompt as queued until its turn starts", () => {
    let s = chatReducer(initialState, { type: "sent", turnId: "t1", prompt: "later", queued: true });
    expect(turn(s)).toMatchObject({ status: "queued", prompt: "later" });
    expect(isStreaming(s)).toBe(true);
    s = run(stream("t1", started("later")), 0, s);
    expect(turn(s).status).toBe("running");
    expect(s.order).toEqual(["t1"]);
  });

  it("does not let a late sent overwrite a turn the events already built", () => {
    let s = run(stream("t1", started("from go"), text("x")));
    s = chatReducer(s, { type: "sent", turnId: "t1", prompt: "local", queued: true });
    expect(turn(s)).toMatchObject({ status: "running", prompt: "from go" });
  });

  it("replaces a turn and everything after it with the rerun", () => {
    let s = run([...stream("a", started("one"), done()), ...stream("b", started("two"), done()), ...stream("c", started("three"), done())]);
    s = chatReducer(s, { type: "replaced", from: "b", turnId: "b2", prompt: "two again", queued: false });
    expect(s.order).toEqual(["a", "b2"]);
    expect(Object.keys(s.turns).sort()).toEqual(["a", "b2"]);
    expect(turn(s, "b2")).toMatchObject({ prompt: "two again", status: "running" });
    s = chatReducer(s, { type: "replaced", from: "gone", turnId: "x", prompt: "p", queued: true });
    expect(s.order).toEqual(["a", "b2", "x"]);
  });

  it("records the files a turn changed and whether they are undone", () => {
    let s = run(stream("t1", started("p"), { type: "changes", files: ["/w/a.go"] }, done()));
    expect(turn(s).changed).toEqual(["/w/a.go"]);
    s = chatReducer(s, { type: "undone", turnId: "t1", undone: true });
    expect(turn(s).undone).toBe(true);
    expect(chatReducer(s, { type: "undone", turnId: "nope", undone: true })).toBe(s);
  });

  it("resets", () => {
    expect(chatReducer(run(stream("t1", started("p"))), { type: "reset" })).toEqual(initialState);
  });
});
