// Model output is untrusted: raw HTML in it is shown as text, images become
// links (nothing remote is fetched) and links open in the system browser.
import { createContext, memo, useContext, useMemo, type ReactNode } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { splitBlocks } from "./blocks";
import { CodeBlock } from "./CodeBlock";

/** OpenLink receives the URL of a link the user activated. */
export const OpenLink = createContext<(url: string) => void>(() => undefined);

interface MdNode {
  type: string;
  children?: MdNode[];
}

function htmlToText(n: MdNode) {
  if (n.type === "html") n.type = "text";
  n.children?.forEach(htmlToText);
}

/** A remark plugin: raw HTML nodes become literal text. */
const rawHtmlAsText = () => htmlToText;

function Link({ href, children }: { href: string | undefined; children: ReactNode }) {
  const open = useContext(OpenLink);
  if (!href) return <span>{children}</span>;
  return (
    <a
      href={href}
      title={href}
      rel="noreferrer noopener"
      onClick={(e) => {
        e.preventDefault();
        open(href);
      }}
    >
      {children}
    </a>
  );
}

const components: Components = {
  a: ({ href, children }) => <Link href={href}>{children}</Link>,
  img: ({ src, alt }) =>
    typeof src === "string" && src !== "" ? (
      <Link href={src}>{`Image: ${alt || src}`}</Link>
    ) : (
      <span>{`Image: ${alt ?? ""}`}</span>
    ),
  pre: ({ node, children }) => {
    const code = node?.children[0];
    if (code?.type !== "element" || code.tagName !== "code") return <pre>{children}</pre>;
    const cls = code.properties.className;
    const lang = Array.isArray(cls) ? (cls.map(String).find((c) => c.startsWith("language-"))?.slice(9) ?? "") : "";
    const text = code.children.map((c) => (c.type === "text" ? c.value : "")).join("");
    return <CodeBlock code={text.replace(/\n$/, "")} lang={lang.toLowerCase()} />;
  },
  table: ({ children }) => (
    <div className="table-wrap">
      <table>{children}</table>
    </div>
  ),
};

const remarkPlugins = [remarkGfm, rawHtmlAsText];

/** A finished block's text never changes, so memo skips its re-parse. */
const Block = memo(function Block({ text }: { text: string }) {
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} components={components}>
      {text}
    </ReactMarkdown>
  );
});

/** Markdown renders streamed text; only the block that changed is parsed again. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const blocks = useMemo(() => splitBlocks(text), [text]);
  return (
    <div className="markdown">
      {blocks.map((b, i) => (
        <Block key={i} text={b} />
      ))}
    </div>
  );
});
