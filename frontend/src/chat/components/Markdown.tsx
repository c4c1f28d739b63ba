// Model output is untrusted: raw HTML in it is shown as text, images become
// links (nothing remote is fetched) and links open in the system browser.
import { createContext, memo, useContext, useMemo, type ReactElement, type ReactNode } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { splitBlocks } from "../state/blocks";
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

function componentsFor(live: boolean): Components {
  return {
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
      return <CodeBlock code={text.replace(/\n$/, "")} lang={lang.toLowerCase()} live={live} />;
    },
    table: ({ children }) => (
      <div className="table-wrap">
        <table>{children}</table>
      </div>
    ),
  };
}

const components = componentsFor(false);
const liveComponents = componentsFor(true);

const remarkPlugins = [remarkGfm, rawHtmlAsText];

// Parsed blocks, newest use last: a block scrolled out and back, or a turn
// re-mounted, costs no second parse. React elements are immutable, so one
// can be mounted again.
const CACHE_SIZE = 1500;
const cache = new Map<string, ReactElement>();

function parsed(text: string): ReactElement {
  const hit = cache.get(text);
  if (hit) {
    cache.delete(text);
    cache.set(text, hit);
    return hit;
  }
  // ReactMarkdown is a plain synchronous function of its props (no hooks).
  const el = ReactMarkdown({ children: text, remarkPlugins, components });
  cache.set(text, el);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value ?? "");
  return el;
}

/** prepare parses text ahead of its rendering (in idle time) so showing it is cheap. */
export function prepare(text: string) {
  for (const b of splitBlocks(text)) parsed(b);
}

const sample = "# T\n\nSome **bold** `code` [link](https://x.y)\n\n- a\n- b\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```go\nfunc f() {}\n```";

/**
 * warmUp parses a small sample once, in idle time, so the first real
 * message does not also pay for compiling the parser and highlighter.
 */
export function warmUp() {
  ReactMarkdown({ children: sample, remarkPlugins, components });
}

/** A finished block's text never changes, so memo skips its re-parse. */
const Block = memo(function Block({ text, live }: { text: string; live: boolean }) {
  // The growing block changes every frame: caching it would only evict.
  return live ? ReactMarkdown({ children: text, remarkPlugins, components: liveComponents }) : parsed(text);
});

/**
 * Markdown renders streamed text; only the block that changed is parsed
 * again. live marks text still streaming: its last block is not final.
 */
export const Markdown = memo(function Markdown({ text, live = false }: { text: string; live?: boolean }) {
  const blocks = useMemo(() => splitBlocks(text), [text]);
  return (
    <div className="markdown">
      {blocks.map((b, i) => (
        <Block key={i} text={b} live={live && i === blocks.length - 1} />
      ))}
    </div>
  );
});
