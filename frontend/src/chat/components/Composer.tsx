import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { AttachmentTray } from "./Attachments";
import { ATTACHABLE, isAttachable, readAttachments, uniqueNames, type Draft } from "../state/attachments";
import { CommandPicker } from "./CommandPicker";
import { MentionList } from "./MentionList";
import { readPasted } from "../state/pasted";
import { useMention, type FindFiles, type ListResources } from "../hooks/useMention";
import { useSlash, type ListCommands } from "../hooks/useSlash";
import { useUnsent } from "../hooks/useUnsent";

interface Props {
  streaming: boolean;
  /** an approval waits above; offer a way to it from the keyboard */
  awaitingApproval?: boolean;
  /** resolves false when the prompt was not taken; the text (and attachments) are then put back */
  onSend: (text: string, files?: Draft[]) => Promise<boolean>;
  onStop: () => void;
  /** the workspace file lookup behind "@" mentions; no picker without it */
  findFiles?: FindFiles;
  /** the MCP servers' resources "@" also offers */
  listResources?: ListResources;
  /** subscribes to files to attach (dropped on the window); they join the message as mentions */
  onAttach?: (cb: (paths: string[]) => void) => () => void;
  /** the commands a leading "/" offers; no picker without it */
  listCommands?: ListCommands;
  /** whether the model takes images: false warns before attachments are sent; undefined: unknown */
  vision?: boolean;
  /** the keys the conversation's unsent text is kept under (see UnsentDrafts); none: not kept */
  keepAs?: readonly string[];
}

const none: readonly string[] = [];

/** What the composer says when the model is not known to take images. */
export const NO_VISION = "This model can't see images: pick a vision model or send without.";

// An IME composing a character reports Enter with isComposing (keyCode 229
// in older WebKit); that Enter picks the character and must not send.
function composing(e: KeyboardEvent): boolean {
  return e.nativeEvent.isComposing || e.keyCode === 229;
}

// Keys that move the caret without changing the text.
const movesCaret = (key: string) => key.startsWith("Arrow") || key === "Home" || key === "End" || key === "PageUp" || key === "PageDown";

// The oldest unanswered approval card's first button.
function focusApproval() {
  document.querySelector<HTMLButtonElement>(".approval button:not(:disabled)")?.focus();
}

/**
 * Composer: Enter sends, Shift+Enter adds a line. During a stream the
 * button is Stop (Esc too); Enter still sends, and the backend queues it.
 */
export function Composer({ streaming, awaitingApproval = false, onSend, onStop, findFiles, listResources, onAttach, listCommands, vision, keepAs = none }: Props) {
  const { text, setText, files: drafts, setFiles: setDrafts } = useUnsent(keepAs);
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const warning = useRef<HTMLButtonElement>(null);
  const blind = vision === false && drafts.length > 0;
  const [caret, setCaret] = useState(0);
  const [sending, setSending] = useState(false);
  const [pasteNote, setPasteNote] = useState("");
  const area = useRef<HTMLTextAreaElement>(null);
  const wantCaret = useRef<number | null>(null);
  const mention = useMention(findFiles, text, caret, listResources);
  const slash = useSlash(listCommands, text, caret);

  // Take the focus on mount unless the user is typing elsewhere (renaming a
  // conversation they just opened, say).
  useEffect(() => {
    const now = document.activeElement;
    if (!now || now === document.body) area.current?.focus();
  }, []);

  // When a turn ends (Stop included) or an approval is answered, the button
  // or card that had the focus is gone: give it back to the composer rather
  // than the page, unless the user has put it somewhere else.
  const was = useRef({ streaming, awaitingApproval });
  useEffect(() => {
    const before = was.current;
    was.current = { streaming, awaitingApproval };
    if (!(before.streaming && !streaming) && !(before.awaitingApproval && !awaitingApproval)) return;
    const now = document.activeElement;
    const lost = !now || now === document.body || !now.isConnected || (now instanceof HTMLButtonElement && now.disabled);
    if (lost) area.current?.focus();
  }, [streaming, awaitingApproval]);

  useEffect(
    () =>
      onAttach?.((paths) => {
        const add = paths.map((p) => `@${p} `).join("");
        setText((t) => (t === "" || /\s$/.test(t) ? t + add : `${t} ${add}`));
        area.current?.focus();
      }),
    [onAttach, setText],
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

  // Images and PDFs become thumbnails; other pasted files join the text.
  const addFiles = async (files: File[], at: number | null) => {
    const media = files.filter(isAttachable);
    const rest = files.filter((f) => !isAttachable(f));
    const [{ drafts: added, skipped }, pasted] = await Promise.all([
      readAttachments(media, drafts.length),
      at === null ? Promise.resolve({ text: "", skipped: rest.map((f) => `${f.name} (not an image or PDF)`) }) : readPasted(rest),
    ]);
    const notes = [...skipped, ...pasted.skipped];
    setPasteNote(notes.length ? `Not attached: ${notes.join(", ")}` : "");
    if (added.length) setDrafts((d) => [...d, ...uniqueNames(d, added)]);
    if (pasted.text && at !== null) {
      setText((t) => t.slice(0, at) + pasted.text + t.slice(at));
      wantCaret.current = at + pasted.text.length;
    }
  };

  // "without" sends the text alone, "anyway" with the files to a model Hearth does not know to see.
  const submit = async (mode: "checked" | "anyway" | "without" = "checked") => {
    const files = mode === "without" ? [] : drafts;
    const prompt = text.trim() === "" ? "" : text; // an image alone is a message
    if ((prompt === "" && files.length === 0) || sending) return;
    if (blind && mode === "checked") {
      warning.current?.focus(); // said before sending: the person chooses
      return;
    }
    setSending(true);
    setText("");
    setDrafts([]);
    const ok = await (files.length ? onSend(prompt, files) : onSend(prompt));
    setSending(false);
    if (!ok) {
      setText((now) => (now === "" ? prompt : now));
      setDrafts((now) => (now.length === 0 ? files : now));
    }
  };

  const readCaret = (e: { currentTarget: HTMLTextAreaElement }) => setCaret(e.currentTarget.selectionStart);

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
      className={dragging ? "composer dragging" : "composer"}
      aria-label="Message composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onDragOver={(e) => {
        if (!Array.from(e.dataTransfer.types).includes("Files")) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        setDragging(false);
        const files = Array.from(e.dataTransfer.files);
        if (files.length === 0) return;
        // Taken here, so the window's own drop (workspace-relative mentions) does not add them again.
        e.preventDefault();
        e.stopPropagation();
        void addFiles(files, null);
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
      <AttachmentTray drafts={drafts} onRemove={(id) => setDrafts((d) => d.filter((x) => x.id !== id))} />
      {blind && (
        <p className="composer-hint composer-vision-warning" role="alert">
          {NO_VISION}{" "}
          <button type="button" ref={warning} className="link" onClick={() => void submit("without")}>
            Send without
          </button>{" "}
          <button type="button" className="link" onClick={() => void submit("anyway")}>
            Send anyway
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
        aria-autocomplete={findFiles || listResources ? "list" : undefined}
        aria-controls={mention.open ? "mention-list" : undefined}
        aria-activedescendant={mention.open ? `mention-list-${mention.active}` : undefined}
        placeholder={`Ask Hearth… (Enter to send, Shift+Enter for a new line${findFiles ? ", @ for a file" : ""})`}
        onChange={(e) => {
          setText(e.target.value);
          setCaret(e.target.selectionStart);
        }}
        // React's onSelect also told of a caret moved by a key or a click;
        // the DOM's select event, which Preact passes on, tells of selections only.
        onSelect={readCaret}
        onKeyUp={(e) => movesCaret(e.key) && readCaret(e)}
        onMouseUp={readCaret}
        onKeyDown={onKeyDown}
        onPaste={(e) => {
          const files = e.clipboardData.files;
          if (files.length === 0) return; // plain text pastes as usual
          e.preventDefault();
          void addFiles(Array.from(files), e.currentTarget.selectionStart);
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
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        accept={ATTACHABLE.join(",")}
        data-testid="attach-input"
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = "";
          if (files.length) void addFiles(files, null);
        }}
      />
      <button type="button" className="attach-button" onClick={() => picker.current?.click()} title="Attach images or PDFs (or paste or drop them here)">
        Attach…
      </button>
      {streaming ? (
        <button key="stop" type="button" className="stop-button" onClick={onStop} title="Stop (Esc)">
          Stop
        </button>
      ) : (
        <button key="send" type="submit" disabled={(text.trim() === "" && drafts.length === 0) || sending}>
          Send
        </button>
      )}
    </form>
  );
}
