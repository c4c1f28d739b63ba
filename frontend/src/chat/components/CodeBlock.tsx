import { memo } from "react";
import { CopyButton } from "./CopyButton";
import { highlight } from "./highlight";

/**
 * CodeBlock shows a fenced block, highlighted when its language is known,
 * with a Copy button. A block still streaming (live) is shown plain: its
 * highlighting would be redone every frame, so it waits for the block's end.
 */
export const CodeBlock = memo(function CodeBlock({ code, lang, live = false }: { code: string; lang: string; live?: boolean }) {
  const html = live ? null : highlight(code, lang);
  return (
    <div className="code-block">
      <div className="code-head">
        <span className="code-lang">{lang || "text"}</span>
        <CopyButton text={code} label={`Copy ${lang || "code"}`} />
      </div>
      <pre>
        {html === null ? (
          <code>{code}</code>
        ) : (
          // highlight.js escapes the source; its output is only class-named spans.
          <code className={`hljs language-${lang}`} dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </pre>
    </div>
  );
});
