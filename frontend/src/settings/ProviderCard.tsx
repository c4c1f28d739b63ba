import { useState } from "react";
import type { ConnectionResult, KeychainView, ProviderView } from "../bridge";
import { KeyField } from "./KeyField";
import type { Notice } from "./state";
import type { SettingsActions } from "./useSettings";

interface Props {
  provider: ProviderView;
  keychain: KeychainView;
  busy: Record<string, boolean>;
  notices: Record<string, Notice>;
  connection?: ConnectionResult;
  models: string[];
  detected: boolean;
  actions: SettingsActions;
}

export function ProviderCard({ provider, keychain, busy, notices, connection, models, detected, actions }: Props) {
  const [baseUrl, setBaseUrl] = useState(provider.baseUrl);
  const [model, setModel] = useState(provider.model);
  const id = provider.id;
  const listId = `models-${id}`;
  const notice = notices[id];
  const dirty = baseUrl !== provider.baseUrl || model !== provider.model;

  return (
    <section className="provider-card" aria-labelledby={`title-${id}`} data-testid={`provider-${id}`}>
      <header>
        <h3 id={`title-${id}`}>{provider.name}</h3>
        {provider.local && detected && <span className="badge ok">running locally</span>}
        {provider.custom && (
          <button type="button" className="link danger" onClick={() => void actions.removeCustom(provider.name)}>
            Remove
          </button>
        )}
      </header>
      {(provider.needsKey || provider.custom || provider.keyStatus !== "none") && (
        <KeyField provider={provider} keychain={keychain} busy={!!busy[`key:${id}`]} notice={notices[`key:${id}`]} actions={actions} />
      )}
      <div className="field">
        <label htmlFor={`url-${id}`}>Base URL</label>
        <input id={`url-${id}`} type="url" value={baseUrl} placeholder={provider.defaultBaseUrl} onChange={(e) => setBaseUrl(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`model-${id}`}>Default model</label>
        <input
          id={`model-${id}`}
          list={listId}
          value={model}
          placeholder={models.length ? `${models.length} models available` : "model name"}
          onFocus={() => models.length === 0 && void actions.loadModels(id)}
          onChange={(e) => setModel(e.target.value)}
        />
        <datalist id={listId}>
          {models.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
      </div>
      <div className="row">
        <button type="button" disabled={!dirty || !!busy[id]} onClick={() => void actions.saveProvider(id, { baseUrl, model })}>
          Save
        </button>
        <button type="button" disabled={!!busy[`test:${id}`]} onClick={() => void actions.testConnection(id)}>
          {busy[`test:${id}`] ? "Testing…" : "Test connection"}
        </button>
      </div>
      {connection && (
        <p role="status" className={`notice ${connection.ok ? "ok" : "error"}`} data-testid={`connection-${id}`}>
          {connection.message}
        </p>
      )}
      {notice && notice.text && (
        <p role={notice.kind === "error" ? "alert" : "status"} className={`notice ${notice.kind}`}>
          {notice.text}
        </p>
      )}
    </section>
  );
}
