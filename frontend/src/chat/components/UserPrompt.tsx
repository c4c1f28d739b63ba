import { useState } from "react";
import { useFocusWhen } from "../../shell/useFocusWhen";
import { MessageAttachments } from "./Attachments";
import { VersionSwitcher } from "./VersionSwitcher";
import type { AttachmentRef } from "../state/attachments";
import "./UserPrompt.css";

interface Props {
  prompt: string;
  /** what the model was sent for a slash command, shown collapsed */
  expansion?: string;
  /** images and PDFs sent with it */
  attachments?: AttachmentRef[] | undefined;
  /** absent when the prompt cannot be edited (a stored turn, or a turn running) */
  onResend?: (text: string) => Promise<boolean>;
  /** which version of the turn this is, when it has more than one */
  versions?: { n: number; of: number } | undefined;
  /** show another version (absent while a turn runs) */
  onSwitchVersion?: (n: number) => void;
  /** copy the conversation through this turn into a new one (absent while a turn runs) */
  onFork?: () => void;
}

/** UserPrompt shows what the user asked, with Edit-and-resend. */
export function UserPrompt({ prompt, expansion, attachments, onResend, versions, onSwitchVersion, onFork }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useFocusWhen<HTMLTextAreaElement>(draft !== null);

  if (draft === null) {
    return (
      <div className="user-msg">
        {onResend && (
          <button type="button" className="link edit-prompt" onClick={() => setDraft(prompt)}>
            Edit
          </button>
        )}
        {onFork && (
          <button type="button" className="link edit-prompt" title="Fork into a new conversation" aria-label="Fork into a new conversation" onClick={onFork}>
            Fork
          </button>
        )}
        {versions && <VersionSwitcher n={versions.n} of={versions.of} onSwitch={onSwitchVersion} />}
        <div className="bubble">{prompt}</div>
        {expansion && (
          <details className="expansion">
            <summary>Sent to the model</summary>
            <pre>{expansion}</pre>
          </details>
        )}
        {attachments && <MessageAttachments items={attachments} />}
      </div>
    );
  }
  const resend = async () => {
    if (!onResend || draft.trim() === "") return;
    setBusy(true);
    const ok = await onResend(draft);
    setBusy(false);
    if (ok) setDraft(null);
  };
  return (
    <form
      className="user-edit"
      aria-label="Edit message"
      onSubmit={(e) => {
        e.preventDefault();
        void resend();
      }}
    >
      <label className="sr-only" htmlFor="edit-prompt">
        Edited message
      </label>
      <textarea
        id="edit-prompt"
        ref={field}
        value={draft}
        rows={Math.min(10, Math.max(2, draft.split("\n").length))}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            setDraft(null);
          }
        }}
      />
      <p className="muted edit-warning">The replies after this message will be replaced. The current version stays: switch back to it with the arrows under the message.</p>
      <div className="row">
        <button type="submit" disabled={busy || draft.trim() === ""}>
          Resend
        </button>
        <button type="button" onClick={() => setDraft(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
