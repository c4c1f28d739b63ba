import { useCallback, useEffect, useState } from "react";
import { BridgeError, type Backend } from "../../bridge";
import { payloadOf, type Draft } from "../state/attachments";
import type { ApprovalDecision } from "../../bridge/protocol";
import { initialState, type ChatAction, type ChatState } from "../state/state";
import { stateOf } from "../state/conversations";
import { useConversations, type ChatStore } from "./useConversations";
import { fromTranscript } from "../state/transcript";
import { undoToast } from "../state/undoToast";
import type { TranscriptView } from "../../bridge/sessions";

/** How long the toast after an undo stays. */
export const UNDO_TOAST_MS = 6000;

/** A failure of the user's own action (sending, stopping, answering), not of a turn. */
export interface ChatNotice {
  code: string;
  message: string;
  /** offered for undo/redo conflicts: overwrite the files changed since */
  force?: () => void;
}

function noticeOf(e: unknown): ChatNotice {
  if (e instanceof BridgeError) return { code: e.code, message: e.message };
  return { code: "internal", message: e instanceof Error ? e.message : String(e) };
}

/**
 * useChat is conversation conv's chat: its state in store (the window's
 * store of every conversation, or one of its own when none is given, as in
 * tests), and the calls to the backend, each naming conv. initial is a
 * stored conversation's state, shown until conv has state of its own.
 */
export function useChat(backend: Backend, initial: ChatState = initialState, conv = "", store?: ChatStore) {
  const own = useConversations(backend, store === undefined);
  const { all, dispatch: dispatchAll } = store ?? own;
  const state = conv in all ? stateOf(all, conv) : initial;
  useEffect(() => {
    if (initial !== initialState) dispatchAll({ type: "seed", conv, state: initial });
  }, [dispatchAll, conv, initial]);
  const dispatch = useCallback((action: ChatAction) => dispatchAll({ type: "chat", conv, action }), [dispatchAll, conv]);
  const [notice, setNotice] = useState<ChatNotice | null>(null);
  // What the last undo or redo brought back, for a moment.
  const [toast, setToast] = useState<string | null>(null);
  useEffect(() => {
    if (toast === null) return;
    const t = setTimeout(() => setToast(null), UNDO_TOAST_MS);
    return () => clearTimeout(t);
  }, [toast]);

  // While the chat is shown, background failures (saving the conversation,
  // undo, a drop) show here; the shell's toasts take them otherwise.
  useEffect(() => backend.onNotice((e) => setNotice(noticeOf(e))), [backend]);

  /** send resolves false (and sets the notice) when the prompt was not taken. */
  const send = useCallback(
    async (text: string, files: Draft[] = []): Promise<boolean> => {
      setNotice(null);
      try {
        if (files.length === 0) {
          const r = await backend.send(conv, text);
          dispatch({ type: "sent", turnId: r.turnId, prompt: text, queued: r.queued });
          return true;
        }
        const r = await backend.sendWith(conv, text, files.map((f) => ({ name: f.name, data: payloadOf(f.dataUrl) })));
        const attachments = files.map(({ name, mediaType, size, dataUrl }) => ({ name, mediaType, size, dataUrl }));
        dispatch({ type: "sent", turnId: r.turnId, prompt: text, queued: r.queued, attachments });
        return true;
      } catch (e) {
        setNotice(noticeOf(e));
        return false;
      }
    },
    [backend, conv, dispatch],
  );

  // Stop holds queued prompts back: they wait, paused, for Resume or Remove.
  const stop = useCallback(() => {
    backend
      .stop(conv)
      .then(() => dispatch({ type: "paused" }))
      .catch((e: unknown) => setNotice(noticeOf(e)));
  }, [backend, conv, dispatch]);

  const resumeQueue = useCallback(async () => {
    try {
      await backend.resumeQueue(conv);
      dispatch({ type: "resumed" });
    } catch (e) {
      setNotice(noticeOf(e));
    }
  }, [backend, conv, dispatch]);

  const removeQueued = useCallback(
    async (turnId: string) => {
      try {
        await backend.removeQueued(conv, turnId);
        dispatch({ type: "removed", turnId });
      } catch (e) {
        setNotice(noticeOf(e));
      }
    },
    [backend, conv, dispatch],
  );

  const approve = useCallback(
    async (requestId: string, decision: ApprovalDecision) => {
      dispatch({ type: "answered", requestId, decision: decision.kind });
      try {
        await backend.approve(conv, requestId, decision);
      } catch (e) {
        dispatch({ type: "answered", requestId, decision: null });
        setNotice(noticeOf(e));
      }
    },
    [backend, conv, dispatch],
  );

  /** replace reruns a turn (regenerate, or edit-and-resend with text), dropping it and what followed. */
  const replace = useCallback(
    async (turnId: string, prompt: string, edited: boolean): Promise<boolean> => {
      setNotice(null);
      try {
        const r = edited ? await backend.editAndResend(conv, turnId, prompt) : await backend.regenerate(conv, turnId);
        dispatch({ type: "replaced", from: turnId, turnId: r.turnId, prompt, queued: r.queued, version: r.version, versions: r.versions });
        return true;
      } catch (e) {
        setNotice(noticeOf(e));
        return false;
      }
    },
    [backend, conv, dispatch],
  );

  /** switchVersion shows another version of a turn, and what followed it, as the backend now holds it. */
  const switchVersion = useCallback(
    async (turnId: string, version: number) => {
      setNotice(null);
      try {
        const t = await backend.switchVersion(conv, turnId, version);
        dispatch({ type: "load", state: fromTranscript(t.messages, t.undo ?? {}, t.calls ?? {}) });
      } catch (e) {
        setNotice(noticeOf(e));
      }
    },
    [backend, conv, dispatch],
  );

  /** fork copies the conversation through a turn into a new conversation; null when it failed. */
  const fork = useCallback(
    async (turnId: string): Promise<TranscriptView | null> => {
      setNotice(null);
      try {
        const t = await backend.forkTurn(conv, turnId);
        // The conversation now holds the fork: its state is the fork's, not
        // what it held before (the store keeps a conversation's state by id).
        dispatch({ type: "load", state: fromTranscript(t.messages, t.undo ?? {}, t.calls ?? {}) });
        return t;
      } catch (e) {
        setNotice(noticeOf(e));
        return null;
      }
    },
    [backend, conv, dispatch],
  );

  /** undo restores (or with redo, reapplies) the files a turn changed. */
  const undo = useCallback(
    async function move(turnId: string, redo: boolean, force = false): Promise<void> {
      setNotice(null);
      try {
        const r = redo ? await backend.redoTurn(conv, turnId, force) : await backend.undoTurn(conv, turnId, force);
        dispatch({ type: "undone", turnId, undone: !redo });
        setToast(undoToast(r, redo));
        if (r.conflicts.length > 0) {
          setNotice({
            code: "conflict",
            message: `Changed since this turn, left as they are: ${r.conflicts.join(", ")}`,
            force: () => void move(turnId, redo, true),
          });
        }
      } catch (e) {
        setNotice(noticeOf(e));
      }
    },
    [backend, conv, dispatch],
  );

  /** compact shrinks the conversation's context and says by how much. */
  const compact = useCallback(async () => {
    setNotice(null);
    try {
      const r = await backend.compactConversation(conv);
      setNotice({
        code: "compacted",
        message: r.changed ? `About ${r.before.toLocaleString()} → ${r.after.toLocaleString()} tokens. Retry the last message to continue.` : "There was nothing to compact.",
      });
    } catch (e) {
      setNotice(noticeOf(e));
    }
  }, [backend, conv]);

  const dismissNotice = useCallback(() => setNotice(null), []);
  const dismissToast = useCallback(() => setToast(null), []);

  return { state, notice, toast, send, stop, resumeQueue, removeQueued, approve, replace, switchVersion, fork, undo, compact, dismissNotice, dismissToast };
}
