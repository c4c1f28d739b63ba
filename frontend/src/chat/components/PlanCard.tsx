import { useEffect, useState } from "react";
import { planBackend, type PlanBackend } from "../../bridge/plan";
import { Markdown } from "./Markdown";
import { useConversationId } from "../hooks/useConversations";
import type { ProposedPlan } from "../state/model";
import { MODE_CHANGED } from "../state/planning";
import "./planning.css";

interface Props {
  plan: ProposedPlan;
  /** the conversation is idle and the turn done */
  actionable: boolean;
  backend?: PlanBackend;
}

/** PlanCard shows a plan-mode plan with its three answers. */
export function PlanCard({ plan, actionable, backend = planBackend }: Props) {
  const conv = useConversationId();
  const [answered, setAnswered] = useState<string | null>(null);
  const [feedback, setFeedback] = useState("");
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Only the plan the conversation still waits on can be answered (not one
  // already approved, nor one of a reopened session).
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!actionable) return;
    let live = true;
    backend
      .getMode()
      .then((v) => live && setPending(v.pendingPlan === plan.markdown))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [backend, actionable, plan.markdown]);
  const act = (label: string, run: () => Promise<unknown>) => {
    setError(null);
    setAnswered(label);
    run()
      .then(() => document.dispatchEvent(new Event(MODE_CHANGED)))
      .catch((e: unknown) => {
        setAnswered(null);
        setError(e instanceof Error ? e.message : String(e));
      });
  };
  const open = actionable && pending && answered === null;
  return (
    <section className="plan-card" role="group" aria-label="Proposed plan">
      <p className="plan-card-title">
        <strong>Plan</strong> {answered && <span className="muted">· {answered}</span>}
      </p>
      <Markdown text={plan.markdown} live={false} />
      {open && !asking && (
        <div className="row plan-card-actions">
          <button type="button" className="primary" onClick={() => act("Approved, accepting edits", () => backend.approvePlan(conv, "edits"))}>
            Approve and auto-accept edits
          </button>
          <button type="button" onClick={() => act("Approved, asking for each", () => backend.approvePlan(conv, "ask"))}>
            Approve and ask for each
          </button>
          <button type="button" onClick={() => setAsking(true)}>
            Keep planning
          </button>
        </div>
      )}
      {open && asking && (
        <form
          className="row plan-card-actions"
          onSubmit={(e) => {
            e.preventDefault();
            if (feedback.trim() !== "") act("Feedback sent", () => backend.keepPlanning(conv, feedback.trim()));
          }}
        >
          <label className="sr-only" htmlFor={`plan-feedback-${plan.callId}`}>
            Feedback on the plan
          </label>
          <input
            id={`plan-feedback-${plan.callId}`}
            value={feedback}
            placeholder="What should the plan change?"
            onChange={(e) => setFeedback(e.target.value)}
          />
          <button type="submit" disabled={feedback.trim() === ""}>
            Send feedback
          </button>
          <button type="button" onClick={() => setAsking(false)}>
            Cancel
          </button>
        </form>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
