import { createContext, useContext, useEffect, useRef, useState } from "react";
import type { Draft } from "../state/attachments";

/** What the composer held and did not send: its text and attachments. */
export interface Unsent {
  text: string;
  files: Draft[];
}

/**
 * UnsentDrafts keeps each conversation's unsent composer for the window's
 * life, so switching conversations (several run side by side) never drops a
 * half-written prompt. A draft is filed under every key the conversation is
 * known by: its id while the window holds it, and its stored session's id,
 * under which it comes back after the backend released it.
 */
export class UnsentDrafts {
  #byKey = new Map<string, Unsent>();

  get(keys: readonly string[]): Unsent | undefined {
    for (const k of keys) {
      const u = k ? this.#byKey.get(k) : undefined;
      if (u) return u;
    }
    return undefined;
  }

  put(keys: readonly string[], u: Unsent) {
    const empty = u.text === "" && u.files.length === 0;
    for (const k of keys) {
      if (!k) continue;
      if (empty) this.#byKey.delete(k);
      else this.#byKey.set(k, u);
    }
  }
}

/** The window's drafts; none (nothing kept) outside a provider. */
export const UnsentContext = createContext<UnsentDrafts | null>(null);

/**
 * useUnsent is the composer's text and attachments, filed under keys each
 * time they change. A change of keys alone files nothing: a late key must
 * not overwrite another conversation's draft with this one's.
 */
export function useUnsent(keys: readonly string[]) {
  const store = useContext(UnsentContext);
  const [initial] = useState(() => store?.get(keys));
  const [text, setText] = useState(initial?.text ?? "");
  const [files, setFiles] = useState<Draft[]>(initial?.files ?? []);
  const under = useRef(keys);
  useEffect(() => {
    under.current = keys;
  });
  useEffect(() => {
    store?.put(under.current, { text, files });
  }, [store, text, files]);
  return { text, setText, files, setFiles };
}
