import { useState, type FormEvent } from "react";
import type { KeychainView, ProviderView } from "../bridge";
import type { SettingsActions } from "./useSettings";
import { keyStatusText, type Notice } from "./state";

interface Props {
  provider: ProviderView;
  keychain: KeychainView;
  busy: boolean;
  notice?: Notice;
  actions: SettingsActions;
}

/**
 * KeyField is write-only: the typed key goes to the backend and the input is
 * cleared at once, so a saved key never stays in the DOM. The status line only
 * says where a key comes from.
 */
export function KeyField({ provider, keychain, busy, notice, actions }: Props) {
  const [draft, setDraft] = useState("");
  const inputId = `key-${provider.id}`;

  const submit = async (e: FormEvent, sessionOnly = false) => {
    e.preventDefault();
    const key = draft.trim();
    if (!key) return;
    setDraft("");
    if (sessionOnly) await actions.setSessionKey(provider.id, key);
    else await actions.setKey(provider.id, key);
  };

  return (
    <form className="key-field" onSubmit={(e) => void submit(e)} aria-busy={busy}>
      <label htmlFor={inputId}>API key</label>
      <div className="row">
        <input
          id={inputId}
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={provider.keyStatus === "none" ? "Paste a key" : "Paste a new key to replace it"}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" disabled={busy || !draft.trim() || !keychain.available}>
          Save
        </button>
        {!keychain.available && (
          <button type="button" disabled={busy || !draft.trim()} onClick={(e) => void submit(e, true)}>
            Use for this session only
          </button>
        )}
        {(provider.keyStatus === "keychain" || provider.keyStatus === "session") && (
          <button type="button" className="danger" disabled={busy} onClick={() => void actions.deleteKey(provider.id)}>
            Delete key
          </button>
        )}
      </div>
      <p className={`key-status status-${provider.keyStatus}`} data-testid={`key-status-${provider.id}`}>
        {keyStatusText(provider.keyStatus, provider.keyEnv)}
      </p>
      {notice && notice.text && (
        <p role={notice.kind === "error" ? "alert" : "status"} className={`notice ${notice.kind}`}>
          {notice.text}
        </p>
      )}
    </form>
  );
}
