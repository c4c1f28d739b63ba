import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import * as Menu from "@radix-ui/react-dropdown-menu";
import { planBackend, type PlanBackend } from "../../bridge/plan";
import { MODE_CHANGED, modeDescriptions, modeLabels } from "../state/planning";
import "./planning.css";

/** The next mode after mode in the cycle (Plan · Ask · Auto-accept edits · Full auto). */
export function nextMode(modes: string[], mode: string): string {
  const at = modes.indexOf(mode);
  return modes[(at + 1) % modes.length] ?? mode;
}

/**
 * ModeSwitch shows the conversation's mode at the composer; it opens a menu
 * of the modes, each with what it allows, and Shift+Tab in the composer moves
 * to the next one. Full auto asks for a confirmation once per conversation
 * (ChatView remounts per conversation, and this state with it); until then
 * Shift+Tab passes over it.
 */
export function ModeSwitch({ backend = planBackend }: { backend?: PlanBackend }) {
  const [mode, setMode] = useState<string | null>(null);
  const [modes, setModes] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  // A conversation already in Full auto was put there on purpose (a setting or an earlier confirmation).
  const confirmed = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let live = true;
    const load = () => {
      backend
        .getMode()
        .then((v) => {
          if (!live) return;
          if (v.mode === "auto") confirmed.current = true;
          setMode(v.mode);
          setModes(v.modes);
        })
        .catch(() => undefined);
    };
    load();
    document.addEventListener(MODE_CHANGED, load);
    return () => {
      live = false;
      document.removeEventListener(MODE_CHANGED, load);
    };
  }, [backend]);

  const apply = useCallback(
    (next: string) => {
      if (mode === null || next === mode) return;
      const was = mode;
      setMode(next);
      backend
        .setMode(next)
        .then((v) => setMode(v.mode))
        .catch(() => setMode(was));
    },
    [backend, mode],
  );

  const choose = useCallback(
    (next: string) => {
      if (next === "auto" && !confirmed.current) {
        setConfirming(true);
        return;
      }
      apply(next);
    },
    [apply],
  );

  // A layout effect: the listener follows each change of mode as it renders,
  // where a passive effect may run a frame later, after the next key.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Tab" || !e.shiftKey || !(e.target instanceof HTMLElement) || e.target.closest(".composer") === null) return;
      e.preventDefault();
      if (mode === null || modes.length === 0) return;
      // The blind cycle skips Full auto until the menu's confirmation let it in.
      const next = nextMode(modes, mode);
      apply(next === "auto" && !confirmed.current ? nextMode(modes, next) : next);
    };
    document.addEventListener("keydown", onKey, true);
    return () => document.removeEventListener("keydown", onKey, true);
  }, [apply, mode, modes]);

  if (mode === null) return null;
  return (
    <>
      <Menu.Root modal={false}>
        <Menu.Trigger asChild>
          <button
            ref={trigger}
            type="button"
            className={`mode-switch mode-${mode}`}
            title="Change mode (Shift+Tab in the composer moves to the next)"
            aria-label={`Mode: ${modeLabels[mode] ?? mode}. Change mode`}
          >
            {modeLabels[mode] ?? mode} <span aria-hidden="true">▾</span>
          </button>
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content className="mode-menu" side="top" align="start" sideOffset={4} aria-label="Modes">
            <Menu.RadioGroup value={mode} onValueChange={choose}>
              {modes.map((m) => (
                <Menu.RadioItem key={m} value={m} className="mode-item" aria-describedby={`mode-desc-${m}`}>
                  <span className="mode-item-check" aria-hidden="true">
                    <Menu.ItemIndicator>✓</Menu.ItemIndicator>
                  </span>
                  <span className="mode-item-label">{modeLabels[m] ?? m}</span>
                  <span className="mode-item-desc muted" id={`mode-desc-${m}`}>
                    {modeDescriptions[m] ?? ""}
                  </span>
                </Menu.RadioItem>
              ))}
            </Menu.RadioGroup>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      {confirming && (
        <Dialog.Root open onOpenChange={(open) => !open && setConfirming(false)}>
          <Dialog.Portal>
            <Dialog.Overlay className="settings-backdrop" />
            <Dialog.Content
              className="mode-confirm"
              role="alertdialog"
              onCloseAutoFocus={(e) => {
                e.preventDefault();
                document.querySelector<HTMLTextAreaElement>(".composer textarea")?.focus();
              }}
            >
              <Dialog.Title>Switch to Full auto?</Dialog.Title>
              <Dialog.Description>
                In this conversation Hearth will edit files and run commands without asking you first. Commands can change
                anything your user account can.
              </Dialog.Description>
              <footer className="mode-confirm-footer">
                <button
                  type="button"
                  className="danger"
                  onClick={() => {
                    confirmed.current = true;
                    setConfirming(false);
                    apply("auto");
                  }}
                >
                  Switch to Full auto
                </button>
                <Dialog.Close>Keep {modeLabels[mode] ?? mode}</Dialog.Close>
              </footer>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      )}
    </>
  );
}
