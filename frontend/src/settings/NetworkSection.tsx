import { useEffect, useState } from "react";
import type { NetworkBackend, NetworkConversation, NetworkEntry } from "../bridge/network";

interface Props {
  offline: boolean;
  backend: NetworkBackend;
}

/** Programs' requests are not Hearth's: the sentence the issue asks to say where the switch is. */
export const notCovered = "Programs the agent runs (commands, MCP servers over stdio) are not Hearth's requests and are not covered.";

/**
 * NetworkSection: the "Work offline" switch and the network log — every
 * request Hearth made, for the app itself or for a chosen conversation.
 */
export function NetworkSection({ offline: initial, backend }: Props) {
  const [offline, setOffline] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [conversations, setConversations] = useState<NetworkConversation[]>([]);
  const [which, setWhich] = useState("");
  const [log, setLog] = useState<NetworkEntry[] | null>(null);

  const [tick, setTick] = useState(0); // Refresh reads the log again

  useEffect(() => {
    let live = true;
    backend.list(which).then(
      (l) => {
        if (!live) return;
        setLog(l);
        setError("");
      },
      (e: unknown) => {
        if (!live) return;
        setError(e instanceof Error ? e.message : String(e));
        setLog([]);
      },
    );
    return () => {
      live = false;
    };
  }, [backend, which, tick]);
  useEffect(() => {
    backend.conversations().then(setConversations, () => setConversations([]));
  }, [backend]);

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      setOffline(await backend.setOffline(on));
      setError("");
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="settings-fields network">
      <label>
        <input type="checkbox" checked={offline} disabled={busy} onChange={(e) => void toggle(e.target.checked)} />
        Work offline
      </label>
      <p className="hint">
        Hearth then connects only to model servers on this computer (Ollama, LM Studio, llama.cpp); cloud providers, MCP servers over HTTP, web tools
        and update checks say "offline" instead. {notCovered}
      </p>
      <div className="row">
        <label>
          Requests of{" "}
          <select value={which} onChange={(e) => setWhich(e.target.value)}>
            <option value="">Hearth itself (no conversation)</option>
            {conversations.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title || c.id}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => setTick((t) => t + 1)}>
          Refresh
        </button>
      </div>
      {error && <p role="alert">{error}</p>}
      {log !== null && log.length === 0 && !error && <p>No requests yet.</p>}
      {log !== null && log.length > 0 && <NetworkTable log={log} />}
    </div>
  );
}

function NetworkTable({ log }: { log: NetworkEntry[] }) {
  return (
    <table className="network-log" aria-label="Network log">
      <thead>
        <tr>
          <th>Time</th>
          <th>Purpose</th>
          <th>Request</th>
          <th>Status</th>
          <th>Sent</th>
          <th>Received</th>
        </tr>
      </thead>
      <tbody>
        {[...log].reverse().map((e, i) => (
          <tr key={`${e.time}-${i}`}>
            <td>{new Date(e.time).toLocaleTimeString()}</td>
            <td>{e.purpose}</td>
            <td>
              {e.method} {e.host}
              {e.path}
            </td>
            <td title={e.error || undefined}>{e.status || e.error || "—"}</td>
            <td>{bytes(e.bytesOut)}</td>
            <td>{bytes(e.bytesIn)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** bytes says a byte count the way a person reads it. */
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}
