import type { SettingsView } from "../bridge";

/** AboutSection: what Hearth is, and what protects keys and commands on this machine. */
export function AboutSection({ view }: { view: SettingsView }) {
  return (
    <div className="settings-fields about">
      <p>
        <strong>Hearth</strong> — an open-source desktop AI agent for your folders, with the model you choose.
      </p>
      <dl>
        <dt>Keys</dt>
        <dd>{view.keychain.available ? "Kept in the system keychain, never in settings.json." : view.keychain.message}</dd>
        <dt>Commands</dt>
        <dd>{view.sandbox.detail}</dd>
        <dt>Active provider</dt>
        <dd>{view.providers.find((p) => p.id === view.activeProvider)?.name ?? view.activeProvider}</dd>
      </dl>
    </div>
  );
}
