import { useEffect, useState } from "react";
import { BridgeError, type Backend, type ChatChoiceView, type ReasoningEffort } from "../../bridge";
import { CHOICE_EVENT } from "../../shell/CommandPalette";

const efforts: ReasoningEffort[] = ["off", "low", "medium", "high"];

/** withCurrent is the live model list with the current model kept in it, first when missing. */
export function withCurrent(models: string[], current: string): string[] {
  if (current === "" || models.includes(current)) return models;
  return [current, ...models];
}

/**
 * ModelPicker: the provider, model (from the live list), reasoning effort and
 * approval mode of this conversation's next turn, in the composer. Changes
 * apply to this conversation; Settings keep their defaults.
 */
export function ModelPicker({ backend, onChoice }: { backend: Backend; onChoice?: (v: ChatChoiceView) => void }) {
  const [view, setView] = useState<ChatChoiceView | null>(null);
  useEffect(() => {
    if (view) onChoice?.(view);
  }, [view, onChoice]);
  const [models, setModels] = useState<string[]>([]);
  const [error, setError] = useState("");

  useEffect(() => {
    let live = true;
    const load = () => {
      backend
        .chatChoice()
        .then((v) => live && setView(v))
        .catch(() => undefined);
    };
    load();
    // The command palette switches models too.
    window.addEventListener(CHOICE_EVENT, load);
    return () => {
      live = false;
      window.removeEventListener(CHOICE_EVENT, load);
    };
  }, [backend]);

  const provider = view?.provider ?? "";
  useEffect(() => {
    if (!provider) return;
    let live = true;
    backend
      .listModels(provider)
      .then((m) => {
        if (!live) return;
        setModels(m);
        setError("");
      })
      .catch((e: unknown) => {
        if (!live) return;
        setModels([]);
        setError(e instanceof BridgeError || e instanceof Error ? e.message : String(e));
      });
    return () => {
      live = false;
    };
  }, [backend, provider]);

  if (!view) return null;
  const choose = async (change: Partial<ChatChoiceView>) => {
    const next = { ...view, ...change };
    try {
      // The mode is the mode switch's: "" leaves it as it is.
      setView(await backend.setChatChoice({ provider: next.provider, model: next.model, effort: next.effort, mode: "" }));
      setError("");
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const list = withCurrent(models, view.model);
  return (
    <div className="model-picker" role="group" aria-label="Model for this conversation">
      <select aria-label="Provider" value={view.provider} onChange={(e) => void choose({ provider: e.target.value, model: "" })}>
        {(view.providers ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <select aria-label="Model" value={view.model} onChange={(e) => void choose({ model: e.target.value })} title={error || undefined}>
        {list.length === 0 && <option value="">no model</option>}
        {list.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
      <select aria-label="Reasoning effort" value={view.effort} onChange={(e) => void choose({ effort: e.target.value as ReasoningEffort })}>
        {efforts.map((x) => (
          <option key={x} value={x}>
            effort: {x}
          </option>
        ))}
      </select>
      {error && (
        <span className="muted model-picker-error" role="status">
          {error}
        </span>
      )}
    </div>
  );
}
