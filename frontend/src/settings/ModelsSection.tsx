import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import type { ReasoningEffort, SettingsView } from "../bridge";
import { CommitField } from "./CommitField";
import { CustomEndpointForm } from "./CustomEndpointForm";
import { saveField } from "./globalInput";
import { ModelSelect } from "./ModelSelect";
import { canList, ProviderCard } from "./ProviderCard";
import { configured, type SettingsState } from "./state";
import type { SettingsActions } from "./useSettings";

const efforts: ReasoningEffort[] = ["off", "low", "medium", "high"];

/** The prompt profiles a model may be given: "" picks by its context window. */
const promptProfiles: [string, string][] = [
  ["", "Automatic"],
  ["small", "Small context"],
  ["standard", "Full"],
];

interface Props {
  view: SettingsView;
  state: SettingsState;
  actions: SettingsActions;
}

/**
 * ModelsSection: the one default model every new conversation starts with
 * (the fast one for side work and the temperature are advanced), then the
 * configured providers; the others wait behind "Add provider".
 */
export function ModelsSection({ view, state, actions }: Props) {
  const active = view.providers.find((p) => p.id === view.activeProvider);
  const [added, setAdded] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const shown = view.providers.filter((p) => configured(p, view, state.detected) || added.includes(p.id));
  const others = view.providers.filter((p) => !shown.includes(p));
  const activeModels = state.models[view.activeProvider] ?? [];
  const { loadModels } = actions;
  const activeId = view.activeProvider;
  const listable = !!active && canList(active);
  useEffect(() => {
    if (listable) void loadModels(activeId);
  }, [loadModels, activeId, listable]);
  const save = (patch: Parameters<typeof saveField>[2]) => void saveField(view, actions, patch);

  return (
    <div className="settings-fields">
      <section className="setting-group" aria-labelledby="active-title">
        <h3 id="active-title">New conversations use</h3>
        <div className="grid">
          <label htmlFor="active-provider">Provider</label>
          <select id="active-provider" value={view.activeProvider} onChange={(e) => save({ activeProvider: e.target.value, activeModel: "" })}>
            {view.providers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <label htmlFor="active-model">Model</label>
          <ModelSelect id="active-model" value={view.activeModel} models={activeModels} defaultLabel="Recommended for this provider" onChange={(m) => save({ activeModel: m })} />
          <label htmlFor="effort">Reasoning effort</label>
          <select id="effort" value={view.reasoningEffort} onChange={(e) => save({ reasoningEffort: e.target.value as ReasoningEffort })}>
            {efforts.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        </div>
        <details className="advanced">
          <summary>Advanced</summary>
          <div className="grid">
            {active && (
              <>
                <label htmlFor="fast-model">Fast model</label>
                <div>
                  <ModelSelect
                    id="fast-model"
                    value={active.fastModel ?? ""}
                    models={activeModels}
                    defaultLabel="Same as the model"
                    describedBy="fast-model-hint"
                    onChange={(m) => void actions.saveProvider(active.id, { baseUrl: active.baseUrl, model: active.model, fastModel: m })}
                  />
                  <p className="hint" id="fast-model-hint">
                    A smaller model for side work: the explore subagent and conversation titles.
                  </p>
                </div>
              </>
            )}
            <label htmlFor="temperature">Temperature</label>
            <CommitField
              id="temperature"
              type="number"
              min={0}
              max={2}
              step={0.1}
              placeholder="model default"
              value={view.temperature === null ? "" : String(view.temperature)}
              onCommit={(t) => save({ temperature: t.trim() === "" ? null : Number(t) })}
            />
            <label htmlFor="prompt-profile">Prompt size</label>
            <div>
              <select id="prompt-profile" aria-describedby="prompt-profile-hint" value={view.promptProfile} onChange={(e) => save({ promptProfile: e.target.value })}>
                {promptProfiles.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
              <p className="hint" id="prompt-profile-hint">
                Small context sends six tools (the others load when needed) and a shorter prompt, leaving a small model room to work.
                Automatic uses it for models whose context window is under 16k tokens.
              </p>
            </div>
          </div>
        </details>
      </section>

      <section className="setting-group" aria-labelledby="providers-title">
        <h3 id="providers-title">Providers</h3>
        {shown.map((p) => (
          <ProviderCard
            key={p.id}
            provider={p}
            keychain={view.keychain}
            busy={state.busy}
            connection={state.connection[p.id]}
            detected={state.detected.includes(p.id)}
            actions={actions}
          />
        ))}
        {others.length > 0 && (
          <div className="add-provider">
            <button type="button" aria-expanded={adding} aria-controls="provider-choices" onClick={() => setAdding((a) => !a)}>
              <Plus size={16} aria-hidden="true" /> Add provider
            </button>
            {adding && (
              <ul id="provider-choices" className="provider-choices" aria-label="Providers to add">
                {others.map((p) => (
                  <li key={p.id}>
                    <button
                      type="button"
                      onClick={() => {
                        setAdded((a) => [...a, p.id]);
                        setAdding(false);
                        // The new card's first field, once rendered.
                        requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-testid="provider-${CSS.escape(p.id)}"] input`)?.focus());
                      }}
                    >
                      {p.name}
                      {p.local && <span className="hint"> · runs on this machine</span>}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <CustomEndpointForm actions={actions} busy={!!state.busy.custom} />
      </section>
    </div>
  );
}
