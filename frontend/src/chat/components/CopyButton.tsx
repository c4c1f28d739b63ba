import { useEffect, useState } from "react";
import { redact } from "../state/redact";

/** copyText puts text on the clipboard with any provider key masked. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(redact(text));
    return true;
  } catch {
    return false;
  }
}

export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [result, setResult] = useState<"copied" | "failed" | null>(null);

  useEffect(() => {
    if (result === null) return;
    const t = setTimeout(() => setResult(null), 1500);
    return () => clearTimeout(t);
  }, [result]);

  return (
    <button
      type="button"
      className="copy-button"
      aria-label={label}
      onClick={() => void copyText(text).then((ok) => setResult(ok ? "copied" : "failed"))}
    >
      {result === "copied" ? "Copied" : result === "failed" ? "Copy failed" : "Copy"}
    </button>
  );
}
