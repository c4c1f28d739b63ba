// Plan mode and subagents in the chat state: the plan a plan-mode turn
// proposed, and each task call's subagent transcript. Pure functions the
// reducer in state.ts delegates to.
import type { Plan, SubagentStep } from "./protocol.gen";
import type { Turn } from "./model";

/** A plan waiting for the person: approve it into a mode or keep planning. */
export interface ProposedPlan {
  callId: string;
  markdown: string;
}

/** One row of a subagent's transcript. */
export interface SubagentRow {
  toolCallId: string;
  name: string;
  args: unknown;
  state: "running" | "succeeded" | "failed" | "denied" | "canceled";
  output: string;
}

/** A task call's subagent: its live status and its own transcript. */
export interface SubagentRun {
  agent: string;
  description: string;
  rows: SubagentRow[];
  /** the final answer, or the error, once it ended */
  answer: string | null;
  failed: boolean;
  outputTokens: number;
}

/** The modes the composer cycles with Shift+Tab, and their labels. */
export const modeLabels: Record<string, string> = {
  plan: "Plan",
  ask: "Ask",
  edits: "Auto-accept edits",
  auto: "Full auto",
};

export function applyPlan(t: Turn, e: Plan): Turn {
  return { ...t, plan: { callId: e.callId, markdown: e.markdown } };
}

const rowStates: ReadonlySet<string> = new Set(["succeeded", "failed", "denied", "canceled"]);

export function applySubagent(t: Turn, e: SubagentStep): Turn {
  const all = t.subagents ?? {};
  const run: SubagentRun = all[e.callId] ?? { agent: e.agent, description: e.description, rows: [], answer: null, failed: false, outputTokens: 0 };
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
      next = { ...run, outputTokens: run.outputTokens + (e.usage?.outputTokens ?? 0) };
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
