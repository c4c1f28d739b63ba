import { useEffect, useRef } from "react";
import type { Backend } from "../bridge";
import { mcpBackend, type McpBackend } from "../bridge/mcp";
import { serveBackend, type ServeBackend } from "../bridge/serve";
import { CustomEndpointForm } from "./CustomEndpointForm";
import { focusTarget, type SettingsFocus } from "./focus";
import { GlobalSection } from "./GlobalSection";
import { KnowledgeFolders } from "./KnowledgeFolders";
import { McpSection } from "./McpSection";
import { ProviderCard } from "./ProviderCard";
import { ServeSection } from "./ServeSection";
import { SkillsSection } from "./SkillsSection";
import { useSettings } from "./useSettings";

interface Props {
  backend: Backend;
  onClose: () => void;
  /** open at the field that fixes an error, focused, not at the top */
  focus?: SettingsFocus;
  serve?: ServeBackend;
  mcp?: McpBackend;
}

export function SettingsPanel({ backend, onClose, focus, serve = serveBackend, mcp = mcpBackend }: Props) {
  const { state, actions } = useSettings(backend);
  const closeRef = useRef<HTMLButtonElement>(null);
  const view = state.view;

  useEffect(() => closeRef.current?.focus(), []);
  const active = view?.activeProvider;
  useEffect(() => {
    if (!focus || active === undefined) return;
    const field = document.querySelector<HTMLElement>(focusTarget(focus, active));
    field?.scrollIntoView({ block: "center" });
    field?.focus();
  }, [focus, active]);

  return (
    <div className="settings-backdrop" onKeyDown={(e) => e.key === "Escape" && onClose()}>
      <div className="settings" role="dialog" aria-modal="true" aria-labelledby="settings-title">
        <header className="settings-header">
          <h1 id="settings-title">Settings</h1>
          <button ref={closeRef} type="button" aria-label="Close settings" onClick={onClose}>
            ✕
          </button>
        </header>
        {state.loading && <p role="status">Loading…</p>}
        {state.loadError && <p role="alert" className="notice error">{state.loadError}</p>}
        {view && (
          <div className="settings-body">
            {view.warning && (
              <p role="alert" className="banner warning" data-testid="settings-warning">
                {view.warning}
              </p>
            )}
            {!view.keychain.available && (
              <div role="alert" className="banner warning" data-testid="keychain-banner">
                <strong>{view.keychain.message}</strong> {view.keychain.help}
              </div>
            )}
            <GlobalSection
              key={`${view.activeProvider}:${view.activeModel}:${view.approvalMode}`}
              view={view}
              models={state.models[view.activeProvider] ?? []}
              busy={!!state.busy.global}
              notice={state.notices.global}
              actions={actions}
            />
            <h2>Providers</h2>
            {view.providers.map((p) => (
              <ProviderCard
                key={`${p.id}:${p.baseUrl}:${p.model}`}
                provider={p}
                keychain={view.keychain}
                busy={state.busy}
                notices={state.notices}
                connection={state.connection[p.id]}
                models={state.models[p.id] ?? []}
                detected={state.detected.includes(p.id)}
                actions={actions}
              />
            ))}
            <CustomEndpointForm actions={actions} busy={!!state.busy.custom} notice={state.notices.custom} />
            <KnowledgeFolders folders={view.knowledgeFolders ?? []} busy={!!state.busy.folders} notice={state.notices.folders} actions={actions} />
            <McpSection backend={mcp} />
            <ServeSection backend={serve} />
            <SkillsSection />
          </div>
        )}
      </div>
    </div>
  );
}
