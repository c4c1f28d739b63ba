import { memo } from "react";
import type { SettingsFocus } from "../../settings/focus";
import { ApprovalCard } from "./ApprovalCard";
import { ElicitationCard } from "./ElicitationCard";
import { ErrorNotice } from "./ErrorNotice";
import { HookRow } from "./HookRow";
import { Markdown } from "./Markdown";
import { McpWaitingNotice } from "./McpWaitingNotice";
import { PlanCard } from "./PlanCard";
import type { ApprovalDecision } from "../../bridge/protocol";
import type { Part, Turn } from "../state/state";
import { SubagentTranscript } from "./SubagentTranscript";
import { ToolRow } from "./ToolRow";
import { TurnControls } from "./TurnControls";
import { RetryNotice, TurnFooter } from "./TurnFooter";
import { UserPrompt } from "./UserPrompt";

/** The callbacks a turn needs; the caller keeps them stable so memo holds. */
export interface TurnActions {
  onAnswer: (requestId: string, d: ApprovalDecision) => void;
  onOpenSettings: (focus?: SettingsFocus) => void;
  onRetry: (prompt: string) => void;
  /** rerun a turn in place: regenerate, or (with edited) edit-and-resend */
  onReplace: (turnId: string, prompt: string, edited: boolean) => Promise<boolean>;
  /** show version n (1-based) of a turn */
  onSwitchVersion: (turnId: string, n: number) => void;
  /** copy the conversation through a turn into a new conversation */
  onFork: (turnId: string) => void;
  onUndo: (turnId: string, redo: boolean) => void;
  /** shrink the conversation's context (offered when it is full) */
  onCompact: () => void;
  /** run the prompts Stop paused; drop one of them */
  onResumeQueue: () => void;
  onRemoveQueued: (turnId: string) => void;
  /** a turn is running: the backend refuses reruns and undo until it ends */
  busy: boolean;
}

function PartView({ part, last, turn, actions }: { part: Part; last: boolean; turn: Turn; actions: TurnActions }) {
  switch (part.kind) {
    case "text":
      return <Markdown text={part.text} live={last && turn.status === "running"} />;
    case "tool": {
      const call = turn.tools[part.callId];
      // A call whose approval card waits below has not started: no spinner.
      const asking = Object.values(turn.approvals).some((a) => a.callId === part.callId && a.decision === null);
      const sub = turn.subagents?.[part.callId];
      if (!call) return null;
      return sub ? (
        <>
          <ToolRow call={call} awaitingApproval={asking} />
          <SubagentTranscript run={sub} />
        </>
      ) : (
        <ToolRow call={call} awaitingApproval={asking} />
      );
    }
    case "approval": {
      const a = turn.approvals[part.requestId];
      return a ? <ApprovalCard approval={a} onAnswer={actions.onAnswer} /> : null;
    }
    case "compacted":
      return (
        <p className="compacted-notice" role="note">
          Context compacted ({part.how})
          {part.before > 0 && `: ${part.before.toLocaleString()} → ${part.after.toLocaleString()} tokens`}. Older messages were
          summarised so the conversation fits the model.
        </p>
      );
    case "hook":
      return <HookRow hook={part.hook} />;
    case "elicitation":
      return <ElicitationCard question={part.question} />;
  }
}

/**
 * TurnView: the user's prompt and everything the agent did in answer. Only
 * the latest turn shows its action row at rest; older ones show it on hover
 * or when the keyboard reaches it, so a long chat is not a wall of buttons.
 */
export const TurnView = memo(function TurnView({ turn, actions, latest = true }: { turn: Turn; actions: TurnActions; latest?: boolean }) {
  const waiting = turn.status === "running" && turn.parts.length === 0 && turn.reasoning === "";
  // Stored turns can be regenerated, edited and undone like live ones: the
  // backend knows where they start and which snapshots are theirs.
  const idle = !actions.busy;
  return (
    <article className={latest ? "turn latest" : "turn"} aria-label="Exchange" data-turn={turn.turnId}>
      <UserPrompt
        prompt={turn.prompt}
        expansion={turn.expansion}
        attachments={turn.attachments}
        onResend={idle && turn.prompt ? (text) => actions.onReplace(turn.turnId, text, true) : undefined}
        versions={turn.versions}
        onSwitchVersion={idle ? (n) => actions.onSwitchVersion(turn.turnId, n) : undefined}
        onFork={idle && turn.prompt && turn.status !== "queued" ? () => actions.onFork(turn.turnId) : undefined}
      />
      <div className="assistant-msg" aria-busy={turn.status === "running"}>
        {turn.reasoning && (
          <details className="thinking">
            <summary>Thinking</summary>
            <div className="thinking-text">{turn.reasoning}</div>
          </details>
        )}
        {turn.slotWaiting ? (
          <p className="muted" role="status">Waiting for a free slot: other conversations are running.</p>
        ) : turn.mcpWaiting ? (
          <McpWaitingNotice servers={turn.mcpWaiting} />
        ) : (
          waiting && <p className="muted">Waiting for the model…</p>
        )}
        {turn.parts.map((p, i) => (
          <PartView key={i} part={p} last={i === turn.parts.length - 1} turn={turn} actions={actions} />
        ))}
        {turn.plan && <PlanCard plan={turn.plan} actionable={!actions.busy && turn.status === "done"} />}
        {turn.retry && <RetryNotice retry={turn.retry} />}
        {turn.error && (
          <ErrorNotice
            cls={turn.error.class}
            message={turn.error.message}
            billingUrl={turn.error.billingUrl}
            onOpenSettings={actions.onOpenSettings}
            onCompact={actions.busy ? undefined : actions.onCompact}
          />
        )}
        {turn.status === "stopped" && <p className="muted">Stopped.</p>}
        <TurnFooter turn={turn} onResume={actions.onResumeQueue} onRemove={() => actions.onRemoveQueued(turn.turnId)} />
        <TurnControls
          turn={turn}
          onRegenerate={idle && turn.prompt ? () => void actions.onReplace(turn.turnId, turn.prompt, false) : undefined}
          onUndo={idle ? (redo) => actions.onUndo(turn.turnId, redo) : undefined}
        />
      </div>
    </article>
  );
});
