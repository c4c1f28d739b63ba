import { memo } from "react";
import { CopyButton } from "./CopyButton";
import { highlight } from "./highlight";

/** CodeBlock shows a fenced block, highlighted when its language is known, with a Copy button. */
export const CodeBlock = memo(function CodeBlock({ code, lang }: { code: string; lang: string }) {
  const html = highlight(code, lang);
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
