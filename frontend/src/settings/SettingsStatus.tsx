import type { Notice } from "./state";

/**
 * SettingsStatus is the panel's one status line: the last change saving,
 * saved or refused (with the reason). It is always in the page, so screen
 * readers announce each new text.
 */
export function SettingsStatus({ status }: { status: Notice | null }) {
  const error = status?.kind === "error";
  return (
    <p className={`settings-status ${status ? `notice ${status.kind}` : ""}`} role={error ? "alert" : "status"} data-testid="settings-status">
      {status?.text ?? ""}
    </p>
  );
}
