import { useEffect, useState } from "react";
import { executablePath } from "../bridge/about";
import { CopyButton } from "../chat/components/CopyButton";

interface Props {
  /** where the hearth binary is; the bound method by default */
  loadPath?: () => Promise<string>;
}

/** zedSnippet is the entry for Zed's settings.json (a custom agent server). */
export function zedSnippet(path: string): string {
  return JSON.stringify({ agent_servers: { Hearth: { type: "custom", command: path, args: ["acp"], env: {} } } }, null, 2);
}

/** jetbrainsSnippet is ~/.jetbrains/acp.json for a JetBrains IDE's AI Assistant. */
export function jetbrainsSnippet(path: string): string {
  return JSON.stringify({ agent_servers: { Hearth: { command: path, args: ["acp"], env: {} } } }, null, 2);
}

/**
 * EditorSection shows how to run Hearth as the agent inside an editor that
 * speaks the Agent Client Protocol: `hearth acp`, with this binary's path.
 */
export function EditorSection({ loadPath = executablePath }: Props) {
  const [path, setPath] = useState<string | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    let live = true;
    loadPath().then(
      (p) => live && setPath(p),
      (e: unknown) => {
        if (!live) return;
        setError(e instanceof Error ? e.message : String(e));
        setPath("hearth"); // found on PATH, when it is there
      },
    );
    return () => {
      live = false;
    };
  }, [loadPath]);
  return (
    <section className="settings-fields editor-section" aria-labelledby="editor-title">
      <h3 id="editor-title">Use Hearth in your editor</h3>
      <p className="muted">
        Editors that speak the Agent Client Protocol run Hearth as their agent with <code>hearth acp</code>: the editor's
        folder opens as a project (not trusted by being opened), and what the approval mode does not allow is asked in
        the editor.
      </p>
      {error && (
        <p role="alert" className="notice error">
          The path of this program could not be found ({error}); the snippets use <code>hearth</code> from your PATH.
        </p>
      )}
      {path === null ? (
        <p className="muted">…</p>
      ) : (
        <>
          <Snippet id="zed" title="Zed" where={<>Add to Zed's <code>settings.json</code> (zed: open settings file):</>} text={zedSnippet(path)} />
          <Snippet id="jetbrains" title="JetBrains IDEs" where={<>Put in <code>~/.jetbrains/acp.json</code> (AI Chat → Configure ACP Agents):</>} text={jetbrainsSnippet(path)} />
        </>
      )}
    </section>
  );
}

function Snippet({ id, title, where, text }: { id: string; title: string; where: React.ReactNode; text: string }) {
  return (
    <div className="editor-snippet">
      <h4>{title}</h4>
      <p>{where}</p>
      <pre data-testid={`snippet-${id}`}>
        <code>{text}</code>
      </pre>
      <CopyButton text={text} label={`Copy the ${title} configuration`} />
    </div>
  );
}
