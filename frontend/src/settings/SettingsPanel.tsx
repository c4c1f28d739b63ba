import * as Dialog from "@radix-ui/react-dialog";
import * as Tabs from "@radix-ui/react-tabs";
import * as Tooltip from "@radix-ui/react-tooltip";
import { X } from "lucide-react";
import { useEffect, useState } from "react";
import type { Backend } from "../bridge";
import { mcpBackend, type McpBackend } from "../bridge/mcp";
import type { PrefsBackend } from "../bridge/prefs";
import { serveBackend, type ServeBackend } from "../bridge/serve";
import { focusTarget, type SettingsFocus } from "./focus";
import { sections } from "./sections";
import { SettingsStatus } from "./SettingsStatus";
import { useSettings } from "./useSettings";

interface Props {
  backend: Backend;
  onClose: () => void;
  /** open at the field that fixes an error, focused, not at the top */
  focus?: SettingsFocus;
  /** the section to open at ("general" when absent) */
  section?: string;
  serve?: ServeBackend;
  mcp?: McpBackend;
  prefs?: PrefsBackend;
}

/**
 * SettingsPanel is a modal dialog (Radix: focus stays inside, Esc closes,
 * the page behind is inert) with the sections as vertical tabs. Changes are
 * saved as made; one status line says how the last one went.
 */
export function SettingsPanel({ backend, onClose, focus, section, serve = serveBackend, mcp = mcpBackend, prefs }: Props) {
  const { state, actions } = useSettings(backend, prefs);
  const [tab, setTab] = useState(focus ? "models" : (section ?? "general"));
  const view = state.view;

  const active = view?.activeProvider;
  // The model field becomes a picker when the live list arrives: focus it again then.
  const listed = active !== undefined && (state.models[active]?.length ?? 0) > 0;
  useEffect(() => {
    if (!focus || active === undefined) return;
    const field = document.querySelector<HTMLElement>(focusTarget(focus, active));
    if (!field) return;
    // Scroll only the section's own pane: scrollIntoView would also scroll the
    // dialog (overflow: hidden still scrolls), taking its title and close button off.
    const pane = field.closest<HTMLElement>(".settings-body");
    if (pane) {
      const f = field.getBoundingClientRect();
      const p = pane.getBoundingClientRect();
      pane.scrollTop += f.top - p.top - (p.height - f.height) / 2;
    }
    field.focus({ preventScroll: true });
  }, [focus, active, listed]);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="settings-backdrop" />
        <Dialog.Content className="settings" aria-describedby={undefined}>
          <Tooltip.Provider delayDuration={400}>
            <header className="settings-header">
              <Dialog.Title asChild>
                <h1>Settings</h1>
              </Dialog.Title>
              <SettingsStatus status={state.status} />
              {/* No tooltip here: it would open on the focus the dialog gives this button, and take the first Esc. */}
              <Dialog.Close className="icon" aria-label="Close settings" title="Close (Esc)">
                <X size={18} aria-hidden="true" />
              </Dialog.Close>
            </header>
            {state.loading && <p role="status" className="settings-loading">Loading…</p>}
            {state.loadError && <p role="alert" className="notice error">{state.loadError}</p>}
            {view && (
              <Tabs.Root className="settings-tabs" orientation="vertical" value={tab} onValueChange={setTab}>
                <Tabs.List className="settings-nav" aria-label="Settings sections">
                  {sections.map((s) => (
                    <Tabs.Trigger key={s.id} value={s.id} className="settings-nav-item">
                      <s.icon size={16} aria-hidden="true" />
                      {s.label}
                    </Tabs.Trigger>
                  ))}
                </Tabs.List>
                <div className="settings-body">
                  {view.warning && (
                    <p role="alert" className="banner warning" data-testid="settings-warning">
                      {view.warning}
                    </p>
                  )}
                  {!view.keychain.available && (
                    <div role="alert" className="banner warning" data-testid="keychain-banner">
                      <strong>{view.keychain.message}</strong> {view.keychain.help}
                    </div>
                  )}
                  {sections.map((s) => (
                    <Tabs.Content key={s.id} value={s.id} className="settings-section">
                      <h2>{s.label}</h2>
                      {s.render({ view, state, actions, mcp, serve })}
                    </Tabs.Content>
                  ))}
                </div>
              </Tabs.Root>
            )}
          </Tooltip.Provider>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
