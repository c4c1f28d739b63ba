import { useCallback, useEffect, useState } from "react";
import type { ServeBackend, ServeView } from "../bridge/serve";
import { ApprovalCard } from "../chat/components/ApprovalCard";
import type { Approval } from "../chat/state/model";
import type { ApprovalDecision } from "../bridge/protocol";

interface Props {
  backend: ServeBackend;
}

/**
 * ServeSection runs `hearth serve` inside the app: other programs on this
 * computer reach the agent through an OpenAI-compatible API, and what the
 * approval mode does not allow is asked here, on the usual approval cards.
 */
export function ServeSection({ backend }: Props) {
  const [view, setView] = useState<ServeView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [approvals, setApprovals] = useState<Record<string, Approval>>({});

  useEffect(() => {
    let live = true;
    backend.servingStatus().then((v) => live && setView(v), (e: unknown) => live && setError(String(e instanceof Error ? e.message : e)));
    const off = backend.onServe((e) => {
      switch (e.type) {
        case "status":
          setView(e.status);
          if (e.status.error) setError(e.status.error);
          if (!e.status.running) setApprovals({});
          break;
        case "approval_requested": {
          const req = { requestId: e.requestId, callId: e.callId, tool: e.tool, kind: e.kind, summary: e.summary, detail: e.detail };
          setApprovals((a) => ({ ...a, [req.requestId]: { ...req, decision: null, answered: null } }));
          break;
        }
        case "approval_resolved":
          setApprovals((a) => without(a, e.requestId));
          break;
      }
    });
    return () => {
      live = false;
      off();
    };
  }, [backend]);

  const toggle = useCallback(async (on: boolean) => {
    setBusy(true);
    setError("");
    try {
      setView(await (on ? backend.startServing() : backend.stopServing()));
      if (!on) setApprovals({});
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }, [backend]);

  const answer = useCallback((requestId: string, d: ApprovalDecision) => {
    setApprovals((a) => (a[requestId] ? { ...a, [requestId]: { ...a[requestId], answered: d.kind } } : a));
    // A served request's grants last for its session only.
    const kind = d.kind === "allow_server" || d.kind === "allow_domain_always" ? "allow_session" : d.kind;
    backend.answerServedApproval(requestId, kind, d.kind === "deny" ? d.note : "").catch((e: unknown) => {
      setError(e instanceof Error ? e.message : String(e));
      setApprovals((a) => without(a, requestId));
    });
  }, [backend]);

  const running = view?.running ?? false;
  const pending = Object.values(approvals);
  return (
    <section className="serve-section" aria-labelledby="serve-title">
      <h3 id="serve-title">Serve the agent on this computer</h3>
      <p className="muted">
        Other programs (scripts, editors, Open WebUI) use Hearth as an OpenAI-compatible API on this computer only.
        The token is printed by <code>hearth serve --show-token</code>.
      </p>
      <label className="checkbox">
        <input type="checkbox" checked={running} disabled={busy || view === null} onChange={(e) => void toggle(e.target.checked)} />
        <span>Serve the agent on this computer</span>
      </label>
      {running && view && (
        <p role="status" data-testid="serve-status">
          Listening on <code>{view.url}/v1</code> over {view.workspace}
        </p>
      )}
      {error && (
        <p role="alert" className="notice error">
          {error}
        </p>
      )}
      {pending.map((a) => (
        <ApprovalCard key={a.requestId} approval={a} onAnswer={answer} />
      ))}
    </section>
  );
}

function without(a: Record<string, Approval>, id: string): Record<string, Approval> {
  return Object.fromEntries(Object.entries(a).filter(([k]) => k !== id));
}
