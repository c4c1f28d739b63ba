import { useRef, useState, type FormEvent } from "react";
import type { KeychainView, ProviderView } from "../bridge";
import { keyStatusText } from "./state";
import type { SettingsActions } from "./useSettings";

interface Props {
  provider: ProviderView;
  keychain: KeychainView;
  busy: boolean;
  actions: Pick<SettingsActions, "setKey" | "setSessionKey" | "deleteKey">;
}

/**
 * KeyField is write-only: the typed key goes to the backend and the input is
 * cleared at once, so a saved key never stays in the DOM. The status line only
 * says where a key comes from.
 */
export function KeyField({ provider, keychain, busy, actions }: Props) {
  const [draft, setDraft] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const inputId = `key-${provider.id}`;

  const submit = async (e: FormEvent, sessionOnly = false) => {
    e.preventDefault();
    const key = draft.trim();
    if (!key) return;
    setDraft("");
    if (sessionOnly) await actions.setSessionKey(provider.id, key);
    else await actions.setKey(provider.id, key);
  };
  // The Delete button disappears with the key: keep focus in the dialog, on the field a new key goes in.
  const remove = async () => {
    input.current?.focus();
    await actions.deleteKey(provider.id);
    input.current?.focus();
  };

  return (
    <form className="key-field" onSubmit={(e) => void submit(e)} aria-busy={busy}>
      <label htmlFor={inputId}>API key</label>
      <div className="row">
        <input
          ref={input}
          id={inputId}
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={provider.keyStatus === "none" ? "Paste a key" : "Paste a new key to replace it"}
          aria-describedby={`key-status-${provider.id}`}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" disabled={busy || !draft.trim() || !keychain.available}>
          Save key
        </button>
        {!keychain.available && (
          <button type="button" disabled={busy || !draft.trim()} onClick={(e) => void submit(e, true)}>
            Use for this session only
          </button>
        )}
        {(provider.keyStatus === "keychain" || provider.keyStatus === "session") && (
          <button type="button" className="danger" disabled={busy} onClick={() => void remove()}>
            Delete key
          </button>
        )}
      </div>
      <p className={`key-status status-${provider.keyStatus}`} id={`key-status-${provider.id}`} data-testid={`key-status-${provider.id}`}>
        {keyStatusText(provider.keyStatus, provider.keyEnv)}
      </p>
    </form>
  );
}
