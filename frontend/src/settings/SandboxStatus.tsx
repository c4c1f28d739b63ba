import { Info } from "lucide-react";
import { IconButton } from "./IconButton";
import { sandboxWords } from "./sandboxWords";

/** SandboxStatus says what happens to commands in plain words; the mechanism is in a tooltip. */
export function SandboxStatus({ detail }: { detail: string }) {
  const w = sandboxWords(detail);
  return (
    <>
      {w.text}
      {w.technical && (
        <>
          {" "}
          <IconButton label={w.technical} className="inline-info">
            <Info size={14} aria-hidden="true" />
          </IconButton>
        </>
      )}
    </>
  );
}
