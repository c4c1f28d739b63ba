import { useState } from "react";
import { parseDiff, splitRows, languageOf, type DiffLine } from "../state/diffRows";
import { highlight } from "./highlight";
import { redact } from "../state/redact";

type Layout = "unified" | "split";
const layoutKey = "hearth.diffLayout";

function savedLayout(): Layout {
  try {
    return localStorage.getItem(layoutKey) === "split" ? "split" : "unified";
  } catch {
    return "unified";
  }
}

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

const sign = { add: "+", del: "-", ctx: " " } as const;

/** Code is one line's text, highlighted when its language is known. */
function Code({ line, lang }: { line: DiffLine; lang: string }) {
  const html = highlight(line.text, lang);
  return html === null ? <code>{line.text}</code> : <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />;
}

function Num({ n }: { n: number | null }) {
  return <td className="diff-num" data-n={n ?? ""} aria-hidden="true" />;
}

/**
 * DiffView shows a unified diff as a table with line numbers and the code
 * highlighted, unified or side by side; text that does not parse as a diff
 * is shown line by line as before.
 */
export function DiffView({ diff, label = "Diff" }: { diff: string; label?: string }) {
  const [layout, setLayout] = useState<Layout>(savedLayout);
  const text = redact(diff);
  const files = parseDiff(text);
  if (files === null) {
    const lines = text.replace(/\n$/, "").split("\n");
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
  const choose = (l: Layout) => {
    setLayout(l);
    try {
      localStorage.setItem(layoutKey, l);
    } catch {
      // a private window may refuse storage; the choice lasts this view
    }
  };
  return (
    <div className="diff-view" role="region" aria-label={label}>
      <div className="diff-toolbar" role="group" aria-label="Diff layout">
        {(["unified", "split"] as const).map((l) => (
          <button key={l} type="button" className="diff-layout" aria-pressed={layout === l} onClick={() => choose(l)}>
            {l === "unified" ? "Unified" : "Split"}
          </button>
        ))}
      </div>
      {files.map((f, fi) => {
        const lang = languageOf(f.name);
        return (
          <div key={fi} className="diff-file-block">
            {f.name && <div className="diff-file-name">{f.name}</div>}
            <table className={`diff-table diff-${layout}`}>
              {f.hunks.map((h, hi) => (
                <tbody key={hi}>
                  <tr className="diff-hunk">
                    <td colSpan={layout === "split" ? 4 : 3}>{h.header}</td>
                  </tr>
                  {layout === "unified"
                    ? h.lines.map((l, li) => (
                        <tr key={li} className={`diff-${l.kind}`}>
                          <Num n={l.oldNo} />
                          <Num n={l.newNo} />
                          <td className="diff-code">
                            <span className="diff-sign" aria-hidden="true">{sign[l.kind]}</span>
                            <span className="sr-only">{l.kind === "add" ? "added: " : l.kind === "del" ? "removed: " : ""}</span>
                            <Code line={l} lang={lang} />
                          </td>
                        </tr>
                      ))
                    : splitRows(h.lines).map((r, ri) => (
                        <tr key={ri}>
                          <Num n={r.left?.oldNo ?? null} />
                          <td className={`diff-code diff-${r.left ? r.left.kind : "empty"}`}>{r.left && <Code line={r.left} lang={lang} />}</td>
                          <Num n={r.right?.newNo ?? null} />
                          <td className={`diff-code diff-${r.right ? r.right.kind : "empty"}`}>{r.right && <Code line={r.right} lang={lang} />}</td>
                        </tr>
                      ))}
                </tbody>
              ))}
            </table>
          </div>
        );
      })}
    </div>
  );
}
