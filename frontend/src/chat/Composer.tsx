import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { CommandPicker } from "./CommandPicker";
import { MentionList } from "./MentionList";
import { readPasted } from "./pasted";
import { useMention, type FindFiles } from "./useMention";
import { useSlash, type ListCommands } from "./useSlash";

interface Props {
  streaming: boolean;
  /** an approval waits above; offer a way to it from the keyboard */
  awaitingApproval?: boolean;
  /** resolves false when the prompt was not taken; the text is then put back */
  onSend: (text: string) => Promise<boolean>;
  onStop: () => void;
  /** the workspace file lookup behind "@" mentions; no picker without it */
  findFiles?: FindFiles;
  /** subscribes to files to attach (dropped on the window); they join the message as mentions */
  onAttach?: (cb: (paths: string[]) => void) => () => void;
  /** the commands a leading "/" offers; no picker without it */
  listCommands?: ListCommands;
}

// An IME composing a character reports Enter with isComposing (keyCode 229
// in older WebKit); that Enter picks the character and must not send.
function composing(e: KeyboardEvent): boolean {
  return e.nativeEvent.isComposing || e.keyCode === 229;
}

// The oldest unanswered approval card's first button.
function focusApproval() {
  document.querySelector<HTMLButtonElement>(".approval button:not(:disabled)")?.focus();
}

/**
 * Composer: Enter sends, Shift+Enter adds a line. During a stream the
 * button is Stop (Esc too); Enter still sends, and the backend queues it.
 */
export function Composer({ streaming, awaitingApproval = false, onSend, onStop, findFiles, onAttach, listCommands }: Props) {
  const [text, setText] = useState("");
  const [caret, setCaret] = useState(0);
  const [sending, setSending] = useState(false);
  const [pasteNote, setPasteNote] = useState("");
  const area = useRef<HTMLTextAreaElement>(null);
  const wantCaret = useRef<number | null>(null);
  const mention = useMention(findFiles, text, caret);
  const slash = useSlash(listCommands, text, caret);

  // Take the focus on mount unless the user is typing elsewhere (renaming a
  // conversation they just opened, say).
  useEffect(() => {
    const now = document.activeElement;
    if (!now || now === document.body) area.current?.focus();
  }, []);

  useEffect(
    () =>
      onAttach?.((paths) => {
        const add = paths.map((p) => `@${p} `).join("");
        setText((t) => (t === "" || /\s$/.test(t) ? t + add : `${t} ${add}`));
        area.current?.focus();
      }),
    [onAttach],
  );

  // Put the caret after an inserted mention once the text is in the DOM.
  useLayoutEffect(() => {
    const c = wantCaret.current;
    if (c !== null && area.current) area.current.setSelectionRange(c, c);
    wantCaret.current = null;
  }, [text]);

  const apply = (r: { text: string; caret: number } | null) => {
    if (!r) return;
    wantCaret.current = r.caret;
    setText(r.text);
    setCaret(r.caret);
  };

  const submit = async () => {
    const prompt = text;
    if (prompt.trim() === "" || sending) return;
    setSending(true);
    setText("");
    const ok = await onSend(prompt);
    setSending(false);
    if (!ok) setText((now) => (now === "" ? prompt : now));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (composing(e)) return;
    const picked = slash.onKey(e.key);
    const used = picked !== false ? picked : mention.onKey(e.key);
    if (used !== false) {
      e.preventDefault();
      if (used !== true) apply(used);
      return;
    }
    if (e.key === "Escape" && streaming) {
      e.preventDefault();
      onStop();
    } else if (e.key === "Enter" && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className="composer"
      aria-label="Message composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {awaitingApproval && (
        <p className="composer-hint" role="status">
          The agent is waiting for your approval.{" "}
          <button type="button" className="link" onClick={focusApproval}>
            Review it
          </button>
        </p>
      )}
      <label htmlFor="composer-input" className="sr-only">
        Message
      </label>
      <textarea
        id="composer-input"
        ref={area}
        rows={Math.min(10, Math.max(2, text.split("\n").length))}
        value={text}
        aria-autocomplete={findFiles ? "list" : undefined}
        aria-controls={mention.open ? "mention-list" : undefined}
        aria-activedescendant={mention.open ? `mention-list-${mention.active}` : undefined}
        placeholder={`Ask Hearth… (Enter to send, Shift+Enter for a new line${findFiles ? ", @ for a file" : ""})`}
        onChange={(e) => {
          setText(e.target.value);
          setCaret(e.target.selectionStart);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        onPaste={(e) => {
          const files = e.clipboardData.files;
          if (files.length === 0) return; // plain text pastes as usual
          e.preventDefault();
          const at = e.currentTarget.selectionStart;
          void readPasted(files).then(({ text: blocks, skipped }) => {
            setPasteNote(skipped.length ? `Not attached: ${skipped.join(", ")}` : "");
            if (!blocks) return;
            setText((t) => t.slice(0, at) + blocks + t.slice(at));
            wantCaret.current = at + blocks.length;
          });
        }}
      />
      {pasteNote && (
        <p className="composer-hint" role="status">
          {pasteNote}
        </p>
      )}
      {slash.open && (
        <CommandPicker id="command-picker" results={slash.results} active={slash.active} onPick={(i) => apply(slash.choose(i))} />
      )}
      {mention.open && (
        <MentionList id="mention-list" results={mention.results} active={mention.active} onPick={(i) => apply(mention.choose(i))} />
      )}
      {streaming ? (
        <button type="button" className="stop-button" onClick={onStop} title="Stop (Esc)">
          Stop
        </button>
      ) : (
        <button type="submit" disabled={text.trim() === "" || sending}>
          Send
        </button>
      )}
    </form>
  );
}
