import { useState } from "react";
import type { ApprovalMode, GlobalInput, ReasoningEffort, SettingsView } from "../bridge";
import type { Notice } from "./state";
import type { SettingsActions } from "./useSettings";

interface Props {
  view: SettingsView;
  models: string[];
  busy: boolean;
  notice?: Notice;
  actions: SettingsActions;
}

const efforts: ReasoningEffort[] = ["off", "low", "medium", "high"];
const approvals: { value: ApprovalMode; label: string }[] = [
  { value: "ask", label: "Ask before edits and commands" },
  { value: "edits", label: "Auto-accept edits" },
  { value: "auto", label: "Full auto" },
];

/** fromView is the global settings as SaveGlobal takes them. */
export function fromView(v: SettingsView): GlobalInput {
  return {
    activeProvider: v.activeProvider,
    activeModel: v.activeModel,
    temperature: v.temperature,
    reasoningEffort: v.reasoningEffort,
    maxIterations: v.maxIterations,
    approvalMode: v.approvalMode,
    modelTitles: v.modelTitles,
    containApproved: v.sandbox.containApproved,
    reopenLastWorkspace: v.reopenLastWorkspace,
  };
}

export function GlobalSection({ view, models, busy, notice, actions }: Props) {
  const [form, setForm] = useState<GlobalInput>(() => fromView(view));
  const set = <K extends keyof GlobalInput>(k: K, v: GlobalInput[K]) => setForm((f) => ({ ...f, [k]: v }));

  return (
    <section className="global" aria-labelledby="global-title">
      <h2 id="global-title">Model</h2>
      <div className="grid">
        <label htmlFor="active-provider">Provider</label>
        <select id="active-provider" value={form.activeProvider} onChange={(e) => set("activeProvider", e.target.value)}>
          {view.providers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <label htmlFor="active-model">Model</label>
        <input id="active-model" list="active-models" value={form.activeModel} placeholder="provider default" onChange={(e) => set("activeModel", e.target.value)} />
        <datalist id="active-models">
          {models.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
        <label htmlFor="temperature">Temperature</label>
        <input
          id="temperature"
          type="number"
          min={0}
          max={2}
          step={0.1}
          placeholder="model default"
          value={form.temperature ?? ""}
          onChange={(e) => set("temperature", e.target.value === "" ? null : Number(e.target.value))}
        />
        <label htmlFor="effort">Reasoning effort</label>
        <select id="effort" value={form.reasoningEffort} onChange={(e) => set("reasoningEffort", e.target.value as ReasoningEffort)}>
          {efforts.map((x) => (
            <option key={x} value={x}>
              {x}
            </option>
          ))}
        </select>
        <label htmlFor="max-iterations">Max agent iterations</label>
        <input id="max-iterations" type="number" min={1} max={500} value={form.maxIterations} onChange={(e) => set("maxIterations", Number(e.target.value))} />
        <label htmlFor="approval">Approvals</label>
        <select id="approval" value={form.approvalMode} onChange={(e) => set("approvalMode", e.target.value as ApprovalMode)}>
          {approvals.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
        <label htmlFor="model-titles">Name conversations</label>
        <label className="checkbox">
          <input id="model-titles" type="checkbox" checked={form.modelTitles} onChange={(e) => set("modelTitles", e.target.checked)} />
          <span className="muted">ask the active model for a short title after the first reply</span>
        </label>
        <label htmlFor="reopen-last">On start</label>
        <label className="checkbox">
          <input id="reopen-last" type="checkbox" checked={form.reopenLastWorkspace ?? true} onChange={(e) => set("reopenLastWorkspace", e.target.checked)} />
          <span className="muted">reopen the last folder</span>
        </label>
        <label htmlFor="contain-approved">Command sandbox</label>
        <div>
          <p className="muted" id="sandbox-status">
            {view.sandbox.detail}
          </p>
          {view.sandbox.active && (
            <label className="checkbox">
              <input id="contain-approved" type="checkbox" checked={form.containApproved} onChange={(e) => set("containApproved", e.target.checked)} />
              <span className="muted">also contain commands I approve (they may then write only inside the workspace)</span>
            </label>
          )}
        </div>
      </div>
      <div className="row">
        <button type="button" disabled={busy} onClick={() => void actions.saveGlobal(form)}>
          Save
        </button>
        {notice && notice.text && (
          <span role={notice.kind === "error" ? "alert" : "status"} className={`notice ${notice.kind}`}>
            {notice.text}
          </span>
        )}
      </div>
    </section>
  );
}
