// Plan mode and subagents in the chat state: the plan a plan-mode turn
// proposed, and each task call's subagent transcript. Pure functions the
// reducer in state.ts delegates to.
import type { SessionToolCall, StoredSubagent } from "../../bridge/sessions";
import type { Plan, SubagentStep } from "../../bridge/protocol.gen";
import { formatCost } from "./format";
import type { SubagentRow, SubagentRun, Turn } from "./model";

/** The modes the composer cycles with Shift+Tab, and their labels. */
export const modeLabels: Record<string, string> = {
  plan: "Plan",
  ask: "Ask",
  edits: "Auto-accept edits",
  auto: "Full auto",
};

/** What each mode lets the agent do, in one line for the mode menu. */
export const modeDescriptions: Record<string, string> = {
  plan: "Reads and proposes a plan; changes nothing until you approve it.",
  ask: "Asks before every file edit and command.",
  edits: "Edits files without asking; asks before commands.",
  auto: "Edits files and runs commands without asking.",
};

export function applyPlan(t: Turn, e: Plan): Turn {
  return { ...t, plan: { callId: e.callId, markdown: e.markdown } };
}

const rowStates: ReadonlySet<string> = new Set(["succeeded", "failed", "denied", "canceled"]);

export function applySubagent(t: Turn, e: SubagentStep): Turn {
  const all = t.subagents ?? {};
  const run: SubagentRun = all[e.callId] ?? { agent: e.agent, description: e.description, rows: [], answer: null, failed: false, inputTokens: 0, outputTokens: 0, cost: 0 };
  let next: SubagentRun = run;
  switch (e.step) {
    case "tool_started":
      next = {
        ...run,
        rows: [...run.rows, { toolCallId: e.toolCallId ?? "", name: e.name ?? "", args: e.args ?? {}, state: "running", output: "" }],
      };
      break;
    case "tool_finished": {
      const state = rowStates.has(e.status ?? "") ? (e.status as SubagentRow["state"]) : "failed";
      const rows = run.rows.map((r) => (r.toolCallId === e.toolCallId ? { ...r, state, output: e.output ?? "" } : r));
      next = { ...run, rows };
      break;
    }
    case "usage":
      next = {
        ...run, inputTokens: run.inputTokens + (e.usage?.inputTokens ?? 0), outputTokens: run.outputTokens + (e.usage?.outputTokens ?? 0),
        cost: run.cost === null || e.cost === null || e.cost === undefined ? null : run.cost + e.cost,
      };
      break;
    case "error":
      next = { ...run, answer: e.text ?? "", failed: true };
      break;
    case "done":
      next = { ...run, answer: run.failed ? run.answer : (e.text ?? "") };
      break;
  }
  return { ...t, subagents: { ...all, [e.callId]: next } };
}

/** The subagent's status in a few words, for the task row. */
export function subagentStatus(run: SubagentRun): string {
  if (run.answer !== null) return run.failed ? "failed" : "done";
  const last = run.rows[run.rows.length - 1];
  return last && last.state === "running" ? `running ${last.name}` : "thinking";
}

/** The DOM event PlanCard sends when approving a plan changed the mode, so ModeSwitch shows it. */
export const MODE_CHANGED = "hearth:mode-changed";

const storedStates: Record<string, SubagentRow["state"]> = { ok: "succeeded", error: "failed", denied: "denied", interrupted: "canceled" };

/** fromStored rebuilds a reopened task call's subagent transcript. */
export function fromStored(s: StoredSubagent): SubagentRun {
  const rows: SubagentRow[] = [];
  let answer: string | null = null;
  let failed = false;
  (s.steps ?? []).forEach((st, i) => {
    if (st.name) {
      let args: unknown = st.args ?? "";
      try {
        args = JSON.parse(st.args ?? "") as unknown;
      } catch {
        // kept as the text it was
      }
      rows.push({ toolCallId: `s${i}`, name: st.name, args, state: storedStates[st.status ?? ""] ?? "canceled", output: st.output ?? "" });
    } else if (st.text !== undefined) {
      answer = st.text;
      failed = st.text.startsWith("Error: ");
    }
  });
  return { agent: s.agent, description: s.description ?? "", rows, answer, failed,
    inputTokens: s.input_tokens ?? 0, outputTokens: s.output_tokens ?? 0, cost: s.cost_usd ? s.cost_usd : null,
  };
}

/** withStoredCall adds what a stored call brings: its subagent, or the plan it proposed. */
export function withStoredCall(t: Turn, c: SessionToolCall): Turn {
  if (c.subagent) return { ...t, subagents: { ...(t.subagents ?? {}), [c.call_id]: fromStored(c.subagent) } };
  if (c.name === "propose_plan") {
    try {
      const { plan } = JSON.parse(c.args) as { plan?: unknown };
      if (typeof plan === "string") return { ...t, plan: { callId: c.call_id, markdown: plan } };
    } catch {
      // not a plan after all
    }
  }
  return t;
}

/** usageTitle itemises a turn's tokens and cost by agent, for the footer's hover. */
export function usageTitle(t: Turn): string {
  const runs = Object.values(t.subagents ?? {}).filter((r) => r.inputTokens + r.outputTokens > 0);
  if (runs.length === 0) return "Tokens";
  const sub = runs.reduce(
    (a, r) => ({ i: a.i + r.inputTokens, o: a.o + r.outputTokens, c: a.c === null || r.cost === null ? null : a.c + r.cost }),
    { i: 0, o: 0, c: 0 as number | null },
  );
  // The turn's cost includes its subagents'; the main agent's is the rest, when every part is known.
  const costOf = (c: number | null) => (t.cost === null || formatCost(c) === "" ? "" : ` · ${formatCost(c)}`);
  const main = t.cost === null || sub.c === null ? null : Math.max(0, t.cost - sub.c);
  const lines = [`Main agent: ${Math.max(0, t.usage.inputTokens - sub.i)} in / ${Math.max(0, t.usage.outputTokens - sub.o)} out${costOf(main)}`];
  for (const r of runs) lines.push(`${r.agent} (${r.description}): ${r.inputTokens} in / ${r.outputTokens} out${costOf(r.cost)}`);
  return lines.join("\n");
}
