import { useState, type FormEvent } from "react";
import type { SearchProvider, WebInput, WebView } from "../bridge";
import type { SettingsActions } from "./useSettings";

const providers: { value: SearchProvider; label: string }[] = [
  { value: "", label: "Off" },
  { value: "searxng", label: "SearXNG (a server you run or trust)" },
  { value: "brave", label: "Brave Search API (needs a key)" },
];

const none: WebView = { allowLocal: false, searchProvider: "", searchUrl: "" };

/**
 * WebSection: the provider web_search asks (off until chosen; the model is
 * told so) and whether web_fetch may reach local addresses. Brave's key goes
 * to the keychain and is never shown again.
 */
export function WebSection({ web = none, busy, actions }: { web?: WebView; busy: boolean; actions: Pick<SettingsActions, "setWeb"> }) {
  const [provider, setProvider] = useState<SearchProvider>(web.searchProvider);
  const [url, setUrl] = useState(web.searchUrl);
  const [key, setKey] = useState("");
  const save = (input: Partial<WebInput>) => actions.setWeb({ ...web, searchKey: "", ...input });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await save({ searchProvider: provider, searchUrl: provider === "searxng" ? url.trim() : "", searchKey: provider === "brave" ? key : "" });
    if (ok) setKey("");
  };
  return (
    <div className="settings-fields">
      <form className="setting" aria-labelledby="web-search-title" onSubmit={(e) => void submit(e)}>
        <h3 id="web-search-title">Web search</h3>
        <p className="hint">
          Each search asks first, like every web request, unless you allow it. Results are titles, links and snippets; the
          model reads a page with web_fetch.
        </p>
        <label htmlFor="web-provider">Provider</label>
        <select id="web-provider" value={provider} onChange={(e) => setProvider(e.target.value as SearchProvider)}>
          {providers.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
        {provider === "searxng" && (
          <>
            <label htmlFor="web-url">SearXNG URL</label>
            <input id="web-url" type="url" placeholder="https://search.example.org" value={url} onChange={(e) => setUrl(e.target.value)} />
            <p className="hint">Its settings.yml must list json under search.formats.</p>
          </>
        )}
        {provider === "brave" && (
          <>
            <label htmlFor="web-key">API key</label>
            <input id="web-key" type="password" autoComplete="off" placeholder="leave empty to keep the saved key" value={key} onChange={(e) => setKey(e.target.value)} />
          </>
        )}
        <button type="submit" disabled={busy}>
          Save
        </button>
      </form>
      <div className="setting">
        <label className="checkbox">
          <input type="checkbox" checked={web.allowLocal} disabled={busy} onChange={(e) => void save({ allowLocal: e.target.checked })} />
          Let web_fetch reach local and private addresses (for development; cloud metadata addresses stay refused)
        </label>
      </div>
    </div>
  );
}
