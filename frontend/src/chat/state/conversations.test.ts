import { describe, expect, it } from "vitest";
import { conversationsReducer, stateOf, type Conversations, type Routed } from "./conversations";
import { initialState } from "./state";
import { done, started, stream, text } from "../testing/testkit";

const routed = (conv: string, ...events: ReturnType<typeof stream>): Routed[] => events.map((event) => ({ conv, event }));

describe("conversationsReducer", () => {
  it("applies each event to the conversation it came from, interleaved as they arrive", () => {
    const a = routed("c1", ...stream("t1", started("alpha"), text("one"), done()));
    const b = routed("c2", ...stream("t1", started("beta"), text("two")));
    // Both conversations use the same turn id: their states never mix.
    const mixed = [a[0], b[0], a[1], b[1], a[2]].filter((e): e is Routed => e !== undefined);
    const s = conversationsReducer({}, { type: "events", events: mixed, now: 0 });
    expect(stateOf(s, "c1").turns.t1?.prompt).toBe("alpha");
    expect(stateOf(s, "c1").turns.t1?.status).toBe("done");
    expect(stateOf(s, "c2").turns.t1?.prompt).toBe("beta");
    expect(stateOf(s, "c2").turns.t1?.status).toBe("running");
    expect(stateOf(s, "c3")).toBe(initialState);
  });

  it("keeps other conversations' state as one changes", () => {
    let s: Conversations = conversationsReducer({}, { type: "events", events: routed("c1", ...stream("t1", started("alpha"))), now: 0 });
    const c1 = s.c1;
    s = conversationsReducer(s, { type: "chat", conv: "c2", action: { type: "sent", turnId: "t9", prompt: "beta", queued: false } });
    expect(s.c1).toBe(c1);
    expect(s.c2?.order).toEqual(["t9"]);
  });

  it("seeds a stored conversation only when it has no live state", () => {
    const live = conversationsReducer({}, { type: "events", events: routed("c1", ...stream("t1", started("live"))), now: 0 });
    const stored = { order: ["m1"], turns: {} };
    expect(conversationsReducer(live, { type: "seed", conv: "c1", state: stored }).c1).toBe(live.c1);
    expect(conversationsReducer(live, { type: "seed", conv: "c2", state: stored }).c2).toBe(stored);
  });

  it("drops one conversation, or all when a folder closes", () => {
    const s = conversationsReducer({}, { type: "events", events: [...routed("c1", ...stream("t1", started("a"))), ...routed("c2", ...stream("t1", started("b")))], now: 0 });
    expect(Object.keys(conversationsReducer(s, { type: "drop", conv: "c1" }))).toEqual(["c2"]);
    expect(conversationsReducer(s, { type: "drop" })).toEqual({});
  });
});
