import { useState, type FormEvent } from "react";
import type { SettingsActions } from "./useSettings";

export function CustomEndpointForm({ actions, busy }: { actions: Pick<SettingsActions, "addCustom">; busy: boolean }) {
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await actions.addCustom(name, url)) {
      setName("");
      setUrl("");
    }
  };
  return (
    <form className="custom-form" onSubmit={(e) => void submit(e)} aria-labelledby="custom-title">
      <h4 id="custom-title">Add an OpenAI-compatible endpoint</h4>
      <div className="row">
        <label className="sr-only" htmlFor="custom-name">Name</label>
        <input id="custom-name" placeholder="Name (e.g. vLLM box)" value={name} onChange={(e) => setName(e.target.value)} />
        <label className="sr-only" htmlFor="custom-url">Base URL</label>
        <input id="custom-url" type="url" placeholder="http://host:8000/v1" value={url} onChange={(e) => setUrl(e.target.value)} />
        <button type="submit" disabled={busy || !name.trim() || !url.trim()}>
          Add
        </button>
      </div>
    </form>
  );
}
