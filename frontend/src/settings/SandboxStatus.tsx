import { Info } from "lucide-react";
import { IconButton } from "./IconButton";

/** SandboxStatus says what happens to commands in plain words; the mechanism is in a tooltip. */
export function SandboxStatus({ sandbox }: { sandbox: { detail: string; mechanism: string } }) {
  return (
    <>
      {sandbox.detail}
      {sandbox.mechanism && (
        <>
          {" "}
          <IconButton label={sandbox.mechanism} className="inline-info">
            <Info size={14} aria-hidden="true" />
          </IconButton>
        </>
      )}
    </>
  );
}
