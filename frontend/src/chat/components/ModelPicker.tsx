import * as Popover from "@radix-ui/react-popover";
import { ChevronDown } from "lucide-react";
import { useEffect, useState } from "react";
import { BridgeError, type Backend, type ChatChoiceView, type ReasoningEffort } from "../../bridge";
import { CHOICE_EVENT } from "../../shell/choiceEvent";

const efforts: ReasoningEffort[] = ["off", "low", "medium", "high"];

/** withCurrent is the live model list with the current model kept in it, first when missing. */
export function withCurrent(models: string[], current: string): string[] {
  if (current === "" || models.includes(current)) return models;
  return [current, ...models];
}

/**
 * ModelPicker is the one place a conversation's model is chosen: a button
 * naming the model opens the provider, the model (from the live list) and,
 * when the model takes one, the reasoning effort. Changes apply to this
 * conversation; Settings keep the default for new ones.
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
  const providerName = (view.providers ?? []).find((p) => p.id === view.provider)?.name ?? view.provider;
  const label = view.model || "default model";
  return (
    <Popover.Root>
      <Popover.Trigger className="model-picker-trigger" title={error || undefined}>
        <span className="sr-only">Model: </span>
        <span className="model-picker-model">{label}</span>
        <span className="muted model-picker-provider">{providerName}</span>
        {view.hasEffort && view.effort !== "off" && <span className="muted model-picker-provider">· {view.effort}</span>}
        <ChevronDown size={14} aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="model-picker-popover" side="top" align="start" sideOffset={6} aria-label="Choose the model">
          <div className="model-picker" role="group" aria-label="Model for this conversation">
            <label>
              Provider
              <select value={view.provider} onChange={(e) => void choose({ provider: e.target.value, model: "" })}>
                {(view.providers ?? []).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Model
              <select value={view.model} onChange={(e) => void choose({ model: e.target.value })}>
                {list.length === 0 && <option value="">no model</option>}
                {list.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            </label>
            {view.hasEffort && (
              <label>
                Reasoning effort
                <select value={view.effort} onChange={(e) => void choose({ effort: e.target.value as ReasoningEffort })}>
                  {efforts.map((x) => (
                    <option key={x} value={x}>
                      {x}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {error && (
              <span className="muted model-picker-error" role="status">
                {error}
              </span>
            )}
            <p className="hint">For this conversation. New conversations start with the model in Settings.</p>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
