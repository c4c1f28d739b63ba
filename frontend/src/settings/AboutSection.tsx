import { SandboxStatus } from "./SandboxStatus";
import { useEffect, useState } from "react";
import type { SettingsView } from "../bridge";
import { backend } from "../bridge";
import { appVersion, checkForUpdates, setUpdateCheck } from "../bridge/about";
import { UpdateCheck, type UpdateBackend } from "./UpdateCheck";

const updates: UpdateBackend = { check: checkForUpdates, setEnabled: setUpdateCheck, open: (url) => backend.openExternal(url) };

interface Props {
  view: SettingsView;
  /** the program's version; the bound method by default */
  loadVersion?: () => Promise<string>;
  /** the release check; the bound methods by default */
  updateBackend?: UpdateBackend;
}

/** AboutSection: what Hearth is, its version, and what protects keys and commands on this machine. */
export function AboutSection({ view, loadVersion = appVersion, updateBackend = updates }: Props) {
  const [version, setVersion] = useState("");
  useEffect(() => {
    let live = true;
    loadVersion().then(
      (v) => live && setVersion(v),
      () => live && setVersion("unknown"),
    );
    return () => {
      live = false;
    };
  }, [loadVersion]);
  return (
    <div className="settings-fields about">
      <p>
        <strong>Hearth</strong> — an open-source desktop AI agent for your folders, with the model you choose.
      </p>
      <dl>
        <dt>Version</dt>
        <dd data-testid="about-version">{version || "…"}</dd>
        <dt>Keys</dt>
        <dd>{view.keychain.available ? "Kept in the system keychain, never in settings.json." : view.keychain.message}</dd>
        <dt>Commands</dt>
        <dd>
          <SandboxStatus sandbox={view.sandbox} />
        </dd>
        <dt>Active provider</dt>
        <dd>{view.providers.find((p) => p.id === view.activeProvider)?.name ?? view.activeProvider}</dd>
      </dl>
      <UpdateCheck enabled={!!view.updateCheck} backend={updateBackend} />
    </div>
  );
}
