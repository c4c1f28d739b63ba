import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import "./ApprovalCard.css";
import { DiffView } from "./DiffView";
import { useFocusWhen } from "../../shell/useFocusWhen";
import { highlight } from "./highlight";
import type { ApprovalDecision } from "../../bridge/protocol";
import { redact } from "../state/redact";
import type { Approval, Decision } from "../state/state";

const decided: Record<Decision | "answered", string> = {
  answered: "Answered",
  allow_once: "Allowed once",
  allow_session: "Allowed for this session",
  allow_server: "Allowed this server for this session",
  allow_domain_always: "Allowed this domain from now on",
  deny: "Denied",
};

interface Props {
  approval: Approval;
  onAnswer: (requestId: string, d: ApprovalDecision) => void;
}

/** typing reports whether the user is mid-sentence in a text field, whose Enter must not land on the card. */
function typing(el: Element | null): boolean {
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) return el.value.trim() !== "";
  return el instanceof HTMLElement && (el.isContentEditable || el.closest(".approval") !== null);
}

/** fallbackHeadline words a request from an older backend that sends no headline. */
function fallbackHeadline(a: Approval): string {
  if (a.kind === "shell") return "This runs a shell command";
  if (a.kind === "edit") return "This edits a file";
  return `This calls ${a.tool}`;
}

/**
 * ApprovalCard asks, inline, whether the agent may run a command or make an
 * edit: a plain headline, the exact command or a highlighted diff, Enter to
 * allow once and Esc to deny while the card has the keyboard.
 */
export function ApprovalCard({ approval: a, onAnswer }: Props) {
  const [denying, setDenying] = useState(false);
  const [note, setNote] = useState("");
  const card = useRef<HTMLElement>(null);
  const allow = useRef<HTMLButtonElement>(null);
  const noteField = useFocusWhen<HTMLInputElement>(denying);

  // The card takes the keyboard when it appears, unless the user is typing:
  // a keystroke meant for the composer must never allow a call.
  useEffect(() => {
    if (!typing(document.activeElement)) allow.current?.focus();
  }, []);

  if (a.decision !== null) {
    return (
      <p className={`approval-done decision-${a.decision}`}>
        {decided[a.decision]}: {redact(a.headline || a.summary)}
      </p>
    );
  }
  const answer = (d: ApprovalDecision) => onAnswer(a.requestId, d);
  const busy = a.answered !== null;
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (busy || denying || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const t = e.target as HTMLElement;
    // Buttons, links and fields keep their own Enter.
    if (e.key === "Enter" && !t.closest("button, a, input, textarea, select")) {
      e.preventDefault();
      answer({ kind: "allow_once" });
    } else if (e.key === "Escape" && !t.closest("input, textarea")) {
      e.preventDefault();
      e.stopPropagation();
      answer({ kind: "deny", note: "" });
    }
  };
  const headline = redact(a.headline || fallbackHeadline(a));
  const shown = redact(a.detail);
  const shell = a.kind === "shell" ? highlight(shown, "bash") : null;
  return (
    <section
      ref={card}
      className="approval"
      role="group"
      tabIndex={-1}
      aria-label={`Approval needed: ${a.tool}`}
      aria-describedby={`head-${a.requestId} keys-${a.requestId}`}
      onKeyDown={onKeyDown}
    >
      <p className="approval-headline" id={`head-${a.requestId}`}>
        {a.agent && <span className="approval-agent">Subagent {a.agent}: </span>}
        {headline}
      </p>
      {a.kind !== "edit" && a.summary && <p className="approval-why">Asked because it {redact(a.summary)}</p>}
      {a.kind === "edit" ? (
        <DiffView diff={a.detail} label="Proposed edit" />
      ) : shell !== null ? (
        <pre className="approval-detail">
          <code className="hljs language-bash" dangerouslySetInnerHTML={{ __html: shell }} />
        </pre>
      ) : (
        shown && <pre className="approval-detail">{shown}</pre>
      )}
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
            ref={noteField}
            value={note}
            placeholder="Why not, or what to do instead (optional)"
            onChange={(e) => setNote(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape") {
                e.preventDefault();
                e.stopPropagation();
                setDenying(false);
                card.current?.focus();
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
          <button type="button" ref={allow} className="primary" disabled={busy} onClick={() => answer({ kind: "allow_once" })}>
            Allow once
          </button>
          <button type="button" disabled={busy} onClick={() => answer({ kind: "allow_session" })}>
            Allow for session
          </button>
          {a.server && (
            <button type="button" disabled={busy} onClick={() => answer({ kind: "allow_server" })}>
              Allow all {a.server} tools for session
            </button>
          )}
          {a.domain && (
            <button type="button" disabled={busy} onClick={() => answer({ kind: "allow_domain_always" })}>
              Always allow {a.domain}
            </button>
          )}
          <button type="button" className="danger" disabled={busy} onClick={() => setDenying(true)}>
            Deny…
          </button>
          <span className="approval-keys" id={`keys-${a.requestId}`}>
            Enter to allow · Esc to deny
          </span>
        </div>
      )}
    </section>
  );
}
