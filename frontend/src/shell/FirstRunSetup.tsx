import { useEffect, useRef, useState } from "react";
import { BridgeError, type Backend, type FirstRunView, type SetupOption } from "../bridge";
import { fromView } from "../settings/globalInput";

type Step = "pick" | "key" | "model" | "done";

function messageOf(e: unknown): string {
  return e instanceof BridgeError || e instanceof Error ? e.message : String(e);
}

/** preferredModel is the provider's default when it is served, else the first chat model. */
export function preferredModel(models: string[], fallback: string): string {
  if (fallback && (models.length === 0 || models.includes(fallback))) return fallback;
  return models.find((m) => !/embed/i.test(m)) ?? models[0] ?? fallback;
}

// The probe kinds that mean the key is what to fix.
const keyKinds = new Set(["bad_key", "no_key"]);

interface Props {
  backend: Backend;
  /** called once the chosen provider and model are saved */
  onDone?: (provider: string, model: string) => void;
}

/**
 * FirstRunSetup gets a new user to a working model from the empty window:
 * what answers now (a local server, a key in the environment) is offered
 * first; then a key (saved to the keychain; none for a local server), a model
 * from the live list, a test, done. Each failure shows at the field that
 * fixes it, focused.
 */
export function FirstRunSetup({ backend, onDone }: Props) {
  const [view, setView] = useState<FirstRunView | null>(null);
  const [step, setStep] = useState<Step>("pick");
  const [chosen, setChosen] = useState<SetupOption | null>(null);
  const [key, setKey] = useState("");
  const [keyError, setKeyError] = useState("");
  const [models, setModels] = useState<string[]>([]);
  const [model, setModel] = useState("");
  const [modelError, setModelError] = useState("");
  const [test, setTest] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const keyRef = useRef<HTMLInputElement>(null);
  const modelRef = useRef<HTMLSelectElement & HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    backend
      .firstRun()
      .then((v) => live && setView(v))
      .catch(() => live && setView(null));
    return () => {
      live = false;
    };
  }, [backend]);

  // The field a step (or its error) is about gets the focus.
  useEffect(() => {
    if (step === "key") keyRef.current?.focus();
    if (step === "model") modelRef.current?.focus();
  }, [step, keyError, modelError]);

  if (!view || view.ready) return null;
  const options = view.options ?? [];

  const loadModels = async (o: SetupOption) => {
    setModelError("");
    setTest(null);
    let list = o.models ?? [];
    if (list.length === 0) {
      try {
        list = await backend.listModels(o.id);
      } catch (e) {
        const kind = e instanceof BridgeError ? e.code : "";
        if (o.needsKey && keyKinds.has(kind)) {
          setKeyError(messageOf(e));
          setStep("key");
          return;
        }
        setModelError(`${messageOf(e)} You can still type a model name.`);
      }
    }
    setModels(list);
    setModel(preferredModel(list, o.defaultModel));
    setStep("model");
  };

  const pick = (o: SetupOption) => {
    setChosen(o);
    setKey("");
    setKeyError("");
    if (o.needsKey && !o.found) setStep("key");
    else void loadModels(o);
  };

  const saveKey = async () => {
    if (!chosen) return;
    if (!key.trim()) {
      setKeyError(`Paste your ${chosen.name} API key.`);
      return;
    }
    setBusy(true);
    try {
      await backend.setKey(chosen.id, key);
      setKeyError("");
      await loadModels({ ...chosen, found: "keychain" });
    } catch (e) {
      setKeyError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const runTest = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      const r = await backend.testConnection(chosen.id);
      setTest({ ok: r.ok, text: r.message });
      if (!r.ok && chosen.needsKey && r.kind && keyKinds.has(r.kind)) {
        setKeyError(r.message);
        setStep("key");
      }
    } catch (e) {
      setTest({ ok: false, text: messageOf(e) });
    } finally {
      setBusy(false);
    }
  };

  const finish = async () => {
    if (!chosen) return;
    if (!model.trim()) {
      setModelError("Choose a model.");
      modelRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const s = await backend.getSettings();
      await backend.saveGlobal({ ...fromView(s), activeProvider: chosen.id, activeModel: model.trim() });
      setStep("done");
      onDone?.(chosen.id, model.trim());
    } catch (e) {
      setModelError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="first-run" aria-labelledby="first-run-title">
      <h2 id="first-run-title">Set up a model</h2>
      {step === "pick" && (
        <>
          <p className="muted">Hearth needs a model to talk to. What it found on this machine comes first.</p>
          <ul className="setup-options">
            {options.map((o) => (
              <li key={o.id}>
                <button type="button" className={o.found ? "setup-option found" : "setup-option"} onClick={() => pick(o)}>
                  <strong>{o.name}</strong>
                  <span className="muted">{o.detail || (o.local ? "runs on this machine, no key" : "needs an API key")}</span>
                </button>
                {o.installUrl && (
                  <button type="button" className="link setup-install" onClick={() => backend.openExternal(o.installUrl)}>
                    How to install {o.name}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {step === "key" && chosen && (
        <form
          className="setup-step"
          onSubmit={(e) => {
            e.preventDefault();
            void saveKey();
          }}
        >
          <label htmlFor="setup-key">{chosen.name} API key</label>
          <input
            id="setup-key"
            ref={keyRef}
            type="password"
            autoComplete="off"
            value={key}
            aria-invalid={keyError !== ""}
            aria-describedby={keyError ? "setup-key-error" : undefined}
            onChange={(e) => setKey(e.target.value)}
          />
          <p className="muted">Saved in your system keychain{chosen.keyEnv ? `, or set ${chosen.keyEnv}` : ""}.</p>
          {keyError && (
            <p id="setup-key-error" role="alert" className="notice error">
              {keyError}
            </p>
          )}
          <div className="row">
            <button type="submit" className="primary" disabled={busy}>
              Save key
            </button>
            <button type="button" onClick={() => setStep("pick")}>
              Back
            </button>
          </div>
        </form>
      )}
      {step === "model" && chosen && (
        <div className="setup-step">
          <label htmlFor="setup-model">{chosen.name} model</label>
          {models.length > 0 ? (
            <select id="setup-model" ref={modelRef} value={model} onChange={(e) => setModel(e.target.value)} aria-invalid={modelError !== ""}>
              {models.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          ) : (
            <input id="setup-model" ref={modelRef} value={model} onChange={(e) => setModel(e.target.value)} aria-invalid={modelError !== ""} />
          )}
          {modelError && (
            <p role="alert" className="notice error">
              {modelError}
            </p>
          )}
          {test && (
            <p role="status" className={`notice ${test.ok ? "ok" : "error"}`} data-testid="setup-test">
              {test.text}
            </p>
          )}
          <div className="row">
            <button type="button" onClick={() => void runTest()} disabled={busy}>
              Test
            </button>
            <button type="button" className="primary" onClick={() => void finish()} disabled={busy}>
              Use {model || "this model"}
            </button>
            <button type="button" onClick={() => setStep("pick")}>
              Back
            </button>
          </div>
        </div>
      )}
      {step === "done" && chosen && (
        <p role="status" className="notice ok" data-testid="setup-done">
          Ready: {chosen.name} · {model}. Now open a folder.
        </p>
      )}
    </section>
  );
}
