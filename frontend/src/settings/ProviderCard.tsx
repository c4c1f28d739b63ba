import { Trash2 } from "lucide-react";
import type { ConnectionResult, KeychainView, ProviderView } from "../bridge";
import { CommitField } from "./CommitField";
import { IconButton } from "./IconButton";
import { KeyField } from "./KeyField";
import type { SettingsActions } from "./useSettings";

interface Props {
  provider: ProviderView;
  keychain: KeychainView;
  busy: Record<string, boolean>;
  connection?: ConnectionResult;
  detected: boolean;
  actions: SettingsActions;
}

/** canList says whether asking the provider for its models can work (a key or none needed). */
export function canList(p: ProviderView): boolean {
  return p.keyStatus !== "none" || !p.needsKey;
}

/**
 * ProviderCard is one provider: its key and endpoint, each saved as changed.
 * Models are chosen in one place, "New conversations use", and per
 * conversation in the composer.
 */
export function ProviderCard({ provider, keychain, busy, connection, detected, actions }: Props) {
  const id = provider.id;
  const save = (patch: { baseUrl?: string }) => void actions.saveProvider(id, { baseUrl: provider.baseUrl, model: provider.model, fastModel: provider.fastModel, ...patch });

  return (
    <section className="provider-card" aria-labelledby={`title-${id}`} data-testid={`provider-${id}`}>
      <header>
        <h4 id={`title-${id}`}>{provider.name}</h4>
        {provider.local && detected && <span className="badge ok">running locally</span>}
        {provider.custom && (
          <IconButton label={`Remove ${provider.name}`} className="danger" onClick={() => void actions.removeCustom(provider.name)}>
            <Trash2 size={16} aria-hidden="true" />
          </IconButton>
        )}
      </header>
      {(provider.needsKey || provider.custom || provider.keyStatus !== "none") && (
        <KeyField provider={provider} keychain={keychain} busy={!!busy[`key:${id}`]} actions={actions} />
      )}
      <div className="field">
        <label htmlFor={`url-${id}`}>Base URL</label>
        <CommitField id={`url-${id}`} type="url" value={provider.baseUrl} placeholder={provider.defaultBaseUrl} onCommit={(baseUrl) => save({ baseUrl })} />
      </div>
      <div className="row">
        <button type="button" disabled={!!busy[`test:${id}`]} onClick={() => void actions.testConnection(id)}>
          {busy[`test:${id}`] ? "Testing…" : "Test connection"}
        </button>
        {connection && (
          <span role="status" className={`notice ${connection.ok ? "ok" : "error"}`} data-testid={`connection-${id}`}>
            {connection.message}
          </span>
        )}
      </div>
    </section>
  );
}
