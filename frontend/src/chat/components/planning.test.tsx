import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ModeView, PlanBackend } from "../../bridge/plan";
import { isChatEvent } from "../../bridge/guard";
import { ModeSwitch, nextMode } from "./ModeSwitch";
import { usageTitle } from "../state/planning";
import { PlanCard } from "./PlanCard";
import type { ChatEvent } from "../../bridge/protocol";
import { chatReducer, initialState, type Turn } from "../state/state";
import { SubagentTranscript } from "./SubagentTranscript";
import { fromTranscript } from "../state/transcript";
import { done, started, stream } from "../testing/testkit";

function turnOf(events: ChatEvent[]): Turn {
  const s = chatReducer(initialState, { type: "events", events, now: 0 });
  const t = s.turns.t1;
  if (!t) throw new Error("no turn");
  return t;
}

const step = (over: Record<string, unknown>) => ({ type: "subagent", callId: "task1", agent: "explore", description: "find main", ...over }) as never;

function fakePlanBackend(mode = "ask", pendingPlan = "x"): PlanBackend & { calls: string[] } {
  const calls: string[] = [];
  const view = (m: string): ModeView => ({ mode: m, modes: ["plan", "ask", "edits", "auto"], pendingPlan });
  return {
    calls,
    getMode: () => Promise.resolve(view(mode)),
    setMode: (m) => {
      calls.push(`mode:${m}`);
      return Promise.resolve(view(m));
    },
    approvePlan: (_conv, m) => {
      calls.push(`approve:${m}`);
      return Promise.resolve({ turnId: "t2", queued: false });
    },
    keepPlanning: (_conv, f) => {
      calls.push(`feedback:${f}`);
      return Promise.resolve({ turnId: "t2", queued: false });
    },
  };
}

describe("plan and subagent events", () => {
  it("keeps the proposed plan on its turn", () => {
    const t = turnOf(stream("t1", started("plan it"), { type: "plan", callId: "p1", markdown: "## Steps\n1. x" }, done()));
    expect(t.plan).toEqual({ callId: "p1", markdown: "## Steps\n1. x" });
  });

  it("builds a task call's subagent transcript and status", () => {
    const t = turnOf(
      stream(
        "t1",
        started("go"),
        step({ step: "tool_started", toolCallId: "s1", name: "grep", args: { pattern: "main" } }),
        step({ step: "tool_finished", toolCallId: "s1", name: "grep", status: "succeeded", output: "main.go:3" }),
        step({ step: "usage", usage: { inputTokens: 5, cachedInputTokens: 0, outputTokens: 7, reasoningTokens: 0 }, cost: null }),
        step({ step: "done", text: "main is at main.go:3" }),
      ),
    );
    const run = t.subagents?.task1;
    expect(run?.rows).toEqual([{ toolCallId: "s1", name: "grep", args: { pattern: "main" }, state: "succeeded", output: "main.go:3" }]);
    expect(run?.answer).toBe("main is at main.go:3");
    expect(run?.outputTokens).toBe(7);
    expect(usageTitle({ ...t, usage: { inputTokens: 15, cachedInputTokens: 0, outputTokens: 17, reasoningTokens: 0 } })).toBe(
      "Main agent: 10 in / 10 out\nexplore (find main): 5 in / 7 out",
    );
    // Known costs are itemised too: the main agent's is the turn's less its subagents'.
    const priced = turnOf(stream("t1", started("go"), step({ step: "usage", usage: { inputTokens: 5, cachedInputTokens: 0, outputTokens: 7, reasoningTokens: 0 }, cost: 0.02 })));
    expect(usageTitle({ ...priced, cost: 0.05, usage: { inputTokens: 15, cachedInputTokens: 0, outputTokens: 17, reasoningTokens: 0 } })).toBe(
      "Main agent: 10 in / 10 out · $0.03\nexplore (find main): 5 in / 7 out · $0.02",
    );
  });

  it("lets plan and subagent events through the boundary check, and not malformed ones", () => {
    expect(isChatEvent({ turnId: "t", seq: 1, type: "plan", callId: "p", markdown: "x" })).toBe(true);
    expect(isChatEvent({ turnId: "t", seq: 1, type: "plan", callId: "p" })).toBe(false);
    expect(isChatEvent({ turnId: "t", seq: 1, type: "subagent", callId: "c", agent: "explore", description: "", step: "done" })).toBe(true);
    expect(isChatEvent({ turnId: "t", seq: 1, type: "subagent", callId: "c", step: "done" })).toBe(false);
  });
});

describe("PlanCard", () => {
  it("approves into auto-accept edits", async () => {
    const b = fakePlanBackend("plan", "## Steps\n1. Write a.txt");
    render(<PlanCard plan={{ callId: "p1", markdown: "## Steps\n1. Write a.txt" }} actionable backend={b} />);
    expect(screen.getByText("Write a.txt")).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Approve and auto-accept edits" }));
    await waitFor(() => expect(b.calls).toEqual(["approve:edits"]));
    expect(screen.queryByRole("button", { name: "Approve and ask for each" })).toBeNull();
  });

  it("sends feedback to keep planning", async () => {
    const b = fakePlanBackend();
    render(<PlanCard plan={{ callId: "p1", markdown: "x" }} actionable backend={b} />);
    fireEvent.click(await screen.findByRole("button", { name: "Keep planning" }));
    fireEvent.change(screen.getByLabelText("Feedback on the plan"), { target: { value: "also update the docs" } });
    fireEvent.click(screen.getByRole("button", { name: "Send feedback" }));
    await waitFor(() => expect(b.calls).toEqual(["feedback:also update the docs"]));
  });

  it("offers nothing while the conversation is busy, nor for a plan no longer pending", async () => {
    const b = fakePlanBackend("ask", "another plan");
    const getMode = vi.spyOn(b, "getMode");
    render(<PlanCard plan={{ callId: "p1", markdown: "x" }} actionable={false} backend={b} />);
    render(<PlanCard plan={{ callId: "p2", markdown: "old" }} actionable backend={b} />);
    await waitFor(() => expect(getMode).toHaveBeenCalledTimes(1));
    await act(async () => Promise.resolve());
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("ModeSwitch", () => {
  it("cycles Plan · Ask · Auto-accept edits · Full auto", () => {
    const modes = ["plan", "ask", "edits", "auto"];
    expect(["plan", "ask", "edits", "auto"].map((m) => nextMode(modes, m))).toEqual(["ask", "edits", "auto", "plan"]);
  });

  it("moves to the next mode on Shift+Tab in the composer", async () => {
    const b = fakePlanBackend("auto");
    render(
      <>
        <ModeSwitch backend={b} />
        <form className="composer">
          <textarea aria-label="Message" />
        </form>
      </>,
    );
    await screen.findByRole("button", { name: /Mode: Full auto/ });
    await act(async () => {
      fireEvent.keyDown(screen.getByLabelText("Message"), { key: "Tab", shiftKey: true });
      await Promise.resolve();
    });
    expect(b.calls).toEqual(["mode:plan"]);
    expect(screen.getByRole("button", { name: /Mode: Plan/ })).toBeTruthy();
  });
});

describe("ModeSwitch as a menu", () => {
  const openMenu = async () => {
    const trigger = await screen.findByRole("button", { name: /Mode: / });
    fireEvent.keyDown(trigger, { key: "Enter" });
    return screen.findByRole("menu");
  };

  it("lists the four modes, each with what it allows, the current one checked", async () => {
    render(<ModeSwitch backend={fakePlanBackend("ask")} />);
    const menu = await openMenu();
    const items = within(menu).getAllByRole("menuitemradio");
    expect(items.map((i) => i.querySelector(".mode-item-label")?.textContent)).toEqual(["Plan", "Ask", "Auto-accept edits", "Full auto"]);
    for (const i of items) expect(i.querySelector(".mode-item-desc")?.textContent?.length).toBeGreaterThan(10);
    expect(within(menu).getByRole("menuitemradio", { name: /Ask/ }).getAttribute("aria-checked")).toBe("true");
  });

  it("picks a mode without stepping through the others", async () => {
    const b = fakePlanBackend("plan");
    render(<ModeSwitch backend={b} />);
    const menu = await openMenu();
    fireEvent.click(within(menu).getByRole("menuitemradio", { name: /Auto-accept edits/ }));
    await screen.findByRole("button", { name: /Mode: Auto-accept edits/ });
    expect(b.calls).toEqual(["mode:edits"]);
  });

  it("asks before Full auto once per conversation", async () => {
    const b = fakePlanBackend("ask");
    render(<ModeSwitch backend={b} />);
    fireEvent.click(within(await openMenu()).getByRole("menuitemradio", { name: /Full auto/ }));
    const confirm = await screen.findByRole("alertdialog", { name: "Switch to Full auto?" });
    expect(b.calls).toEqual([]);
    fireEvent.click(within(confirm).getByRole("button", { name: /Keep Ask/ }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(b.calls).toEqual([]);

    fireEvent.click(within(await openMenu()).getByRole("menuitemradio", { name: /Full auto/ }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Switch to Full auto" }));
    await screen.findByRole("button", { name: /Mode: Full auto/ });
    expect(b.calls).toEqual(["mode:auto"]);

    fireEvent.click(within(await openMenu()).getByRole("menuitemradio", { name: /Ask/ }));
    await screen.findByRole("button", { name: /Mode: Ask/ });
    fireEvent.click(within(await openMenu()).getByRole("menuitemradio", { name: /Full auto/ }));
    await screen.findByRole("button", { name: /Mode: Full auto/ });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(b.calls).toEqual(["mode:auto", "mode:ask", "mode:auto"]);
  });

  it("passes over Full auto on Shift+Tab until the menu's confirmation let it in", async () => {
    const b = fakePlanBackend("edits");
    render(
      <>
        <ModeSwitch backend={b} />
        <form className="composer">
          <textarea aria-label="Message" />
        </form>
      </>,
    );
    await screen.findByRole("button", { name: /Mode: Auto-accept edits/ });
    fireEvent.keyDown(screen.getByLabelText("Message"), { key: "Tab", shiftKey: true });
    await screen.findByRole("button", { name: /Mode: Plan/ });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(b.calls).toEqual(["mode:plan"]);

    fireEvent.click(within(await openMenu()).getByRole("menuitemradio", { name: /Full auto/ }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Switch to Full auto" }));
    await screen.findByRole("button", { name: /Mode: Full auto/ });
    fireEvent.click(within(await openMenu()).getByRole("menuitemradio", { name: /Auto-accept edits/ }));
    await screen.findByRole("button", { name: /Mode: Auto-accept edits/ });
    fireEvent.keyDown(screen.getByLabelText("Message"), { key: "Tab", shiftKey: true });
    await screen.findByRole("button", { name: /Mode: Full auto/ });
    expect(b.calls).toEqual(["mode:plan", "mode:auto", "mode:edits", "mode:auto"]);
  });
});

describe("SubagentTranscript", () => {
  it("shows the status and, expanded, the nested rows", () => {
    render(
      <div>
        <SubagentTranscript
          run={{
            agent: "explore",
            description: "find main",
            rows: [{ toolCallId: "s1", name: "grep", args: {}, state: "running", output: "" }],
            answer: null,
            failed: false,
            inputTokens: 0,
            outputTokens: 0,
            cost: null,
          }}
        />
      </div>,
    );
    expect(screen.getByText(/running grep/)).toBeTruthy();
    expect(screen.getByRole("list", { name: "explore transcript" })).toBeTruthy();
  });
});

describe("ModeSwitch after a plan is approved", () => {
  it("shows the mode the approval switched to", async () => {
    const b = fakePlanBackend("plan");
    render(
      <>
        <ModeSwitch backend={b} />
        <PlanCard plan={{ callId: "p1", markdown: "x" }} actionable backend={b} />
      </>,
    );
    await screen.findByRole("button", { name: /Mode: Plan/ });
    b.getMode = () => Promise.resolve({ mode: "edits", modes: ["plan", "ask", "edits", "auto"], pendingPlan: "" });
    fireEvent.click(await screen.findByRole("button", { name: "Approve and auto-accept edits" }));
    await screen.findByRole("button", { name: /Mode: Auto-accept edits/ });
  });
});

describe("a reopened session", () => {
  it("shows each task call's stored subagent transcript and the plan proposed", () => {
    const s = fromTranscript([
      { id: 1, role: "user", text: "go", state: "complete" } as never,
      {
        id: 2, role: "assistant", text: "", state: "complete",
        tool_calls: [
          {
            call_id: "t1", text_offset: 0, name: "task", args: "{}", status: "ok", output: "found",
            subagent: {
              agent: "explore", description: "find", steps: [{ name: "grep", args: '{"pattern":"x"}', status: "ok", output: "a.go:1" }, { text: "found" }],
              input_tokens: 300, output_tokens: 20, cost_usd: 0.01,
            },
          },
          { call_id: "p1", text_offset: 0, name: "propose_plan", args: '{"plan":"## Steps\\n1. x"}', status: "ok", output: "" },
        ],
      } as never,
    ]);
    const t = s.turns[s.order[0] ?? ""];
    expect(t?.subagents?.t1).toEqual({
      agent: "explore", description: "find", answer: "found", failed: false, inputTokens: 300, outputTokens: 20, cost: 0.01,
      rows: [{ toolCallId: "s0", name: "grep", args: { pattern: "x" }, state: "succeeded", output: "a.go:1" }],
    });
    expect(t?.plan).toEqual({ callId: "p1", markdown: "## Steps\n1. x" });
  });
});
