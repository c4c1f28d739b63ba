import { useEffect, useRef, useState } from "react";
import { DiffView } from "./DiffView";
import type { ApprovalDecision } from "./protocol";
import { redact } from "./redact";
import type { Approval, Decision } from "./state";

const decided: Record<Decision | "answered", string> = {
  answered: "Answered",
  allow_once: "Allowed once",
  allow_session: "Allowed for this session",
  deny: "Denied",
};

interface Props {
  approval: Approval;
  onAnswer: (requestId: string, d: ApprovalDecision) => void;
}

/** ApprovalCard asks, inline, whether the agent may run a command or make an edit. */
export function ApprovalCard({ approval: a, onAnswer }: Props) {
  const [denying, setDenying] = useState(false);
  const [note, setNote] = useState("");
  const first = useRef<HTMLButtonElement>(null);

  // Take the keyboard only from nothing in particular: a keystroke meant
  // for the composer must never land on "Allow", and an older card keeps it.
  useEffect(() => {
    const active = document.activeElement;
    const busy = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ||
      (active instanceof HTMLElement && (active.isContentEditable || active.closest(".approval") !== null));
    if (!busy) first.current?.focus();
  }, []);

  if (a.decision !== null) {
    return (
      <p className={`approval-done decision-${a.decision}`}>
        {decided[a.decision]}: {redact(a.summary)}
      </p>
    );
  }
  const answer = (d: ApprovalDecision) => onAnswer(a.requestId, d);
  const busy = a.answered !== null;
  return (
    <section className="approval" role="group" aria-label={`Approval needed: ${a.tool}`}>
      <p className="approval-summary">
        {a.agent && <span className="approval-agent">Subagent {a.agent}: </span>}
        <strong>{a.kind === "shell" ? "Run this command?" : a.kind === "edit" ? "Apply this edit?" : `Allow ${a.tool}?`}</strong>{" "}
        {redact(a.summary)}
      </p>
      {a.kind === "edit" ? <DiffView diff={a.detail} label="Proposed edit" /> : a.detail && <pre className="approval-detail">{redact(a.detail)}</pre>}
      {denying ? (
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            answer({ kind: "deny", note: note.trim() });
          }}
        >
          <label className="sr-only" htmlFor={`deny-${a.requestId}`}>
            Note for the agent
          </label>
          <input
            id={`deny-${a.requestId}`}
            autoFocus
            value={note}
            placeholder="Why not, or what to do instead (optional)"
            onChange={(e) => setNote(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape") {
                e.preventDefault();
                e.stopPropagation();
                setDenying(false);
              }
            }}
          />
          <button type="submit" className="danger" disabled={busy}>
            Deny
          </button>
          <button type="button" onClick={() => setDenying(false)}>
            Back
          </button>
        </form>
      ) : (
        <div className="row">
          <button type="button" ref={first} disabled={busy} onClick={() => answer({ kind: "allow_once" })}>
            Allow once
          </button>
          <button type="button" disabled={busy} onClick={() => answer({ kind: "allow_session" })}>
            Allow for session
          </button>
          <button type="button" className="danger" disabled={busy} onClick={() => setDenying(true)}>
            Deny…
          </button>
        </div>
      )}
    </section>
  );
}
