import { redact } from "./redact";

function lineClass(line: string): string {
  if (line.startsWith("+++") || line.startsWith("---")) return "diff-file";
  if (line.startsWith("@@")) return "diff-hunk";
  if (line.startsWith("+")) return "diff-add";
  if (line.startsWith("-")) return "diff-del";
  return "diff-ctx";
}

/** looksLikeDiff tells a unified diff from other tool output. */
export function looksLikeDiff(text: string): boolean {
  return /^@@ .* @@/m.test(text) && /^[+-]/m.test(text);
}

/** DiffView shows a unified diff line by line, added and removed lines marked. */
export function DiffView({ diff, label = "Diff" }: { diff: string; label?: string }) {
  const lines = redact(diff).replace(/\n$/, "").split("\n");
  return (
    <pre className="diff" aria-label={label}>
      {lines.map((l, i) => (
        <span key={i} className={lineClass(l)}>
          {l}
          {"\n"}
        </span>
      ))}
    </pre>
  );
}
