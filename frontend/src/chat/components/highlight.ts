// highlight.js core with the languages an agent's answers mostly contain;
// the full bundle would add ~1 MB for languages nobody here reads.
import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import css from "highlight.js/lib/languages/css";
import diff from "highlight.js/lib/languages/diff";
import go from "highlight.js/lib/languages/go";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import python from "highlight.js/lib/languages/python";
import rust from "highlight.js/lib/languages/rust";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";

const languages = { bash, css, diff, go, javascript, json, python, rust, sql, typescript, xml, yaml };
for (const [name, lang] of Object.entries(languages)) hljs.registerLanguage(name, lang);
hljs.registerAliases(["sh", "shell", "zsh", "console"], { languageName: "bash" });
hljs.registerAliases(["html", "svg"], { languageName: "xml" });

/** Past this size a block is shown plain: highlighting it would stall a frame. */
export const HIGHLIGHT_LIMIT = 100_000;

/**
 * highlight returns highlight.js's HTML for code in a known language, or
 * null to show it as plain text. The HTML is safe to insert: highlight.js
 * escapes the source and adds only <span class="hljs-…"> elements.
 */
export function highlight(code: string, lang: string): string | null {
  if (lang === "" || code.length > HIGHLIGHT_LIMIT || !hljs.getLanguage(lang)) return null;
  return hljs.highlight(code, { language: lang, ignoreIllegals: true }).value;
}
