// The import graph of src/: no cycles (type-only imports included, which
// ESLint's import/no-cycle skips), the Wails bindings reached only through
// the bridge, and the chat's layers pointing one way (components → hooks →
// state → bridge).
import { describe, expect, it } from "vitest";

const sources = import.meta.glob<string>(["./**/*.ts", "./**/*.tsx"], { query: "?raw", import: "default", eager: true });

// import … from, export … from, import "…", import("…")
const specifier = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

function join(dir: string, rel: string): string {
  const parts = dir.split("/");
  for (const p of rel.split("/")) {
    if (p === "..") parts.pop();
    else if (p !== ".") parts.push(p);
  }
  return parts.join("/");
}

function resolve(from: string, spec: string): string | null {
  const base = join(from.slice(0, from.lastIndexOf("/")), spec.split("?")[0] ?? spec);
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((p) => p in sources) ?? null;
}

/** Each file of src/ ("./chat/state/model.ts") with what it imports: files of src/ resolved, others as written. */
const graph = new Map<string, { files: string[]; specs: string[] }>();
for (const [file, text] of Object.entries(sources)) {
  const specs = [...text.matchAll(specifier)].map((m) => m[1] ?? "");
  const files = specs.filter((s) => s.startsWith(".")).map((s) => resolve(file, s)).filter((f): f is string => f !== null);
  graph.set(file, { files, specs });
}

/** cycles are the strongly connected components of more than one file, or a file importing itself (Tarjan). */
function cycles(): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.files ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || graph.get(v)?.files.includes(v)) found.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const isTest = (f: string) => /\.test\.tsx?$/.test(f) || f.startsWith("./chat/testing/");

/** The imports of files under from (tests aside) that land under one of to. */
function crossing(from: string, to: string[]): string[] {
  const out: string[] = [];
  for (const [file, { files }] of graph) {
    if (!file.startsWith(from) || isTest(file)) continue;
    for (const f of files) if (to.some((t) => f.startsWith(t))) out.push(`${file} → ${f}`);
  }
  return out;
}

describe("the import graph of src/", () => {
  it("reads the sources", () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get("./chat/components/ChatView.tsx")?.files).toContain("./chat/state/state.ts");
  });

  it("has no cycle", () => {
    expect(cycles()).toEqual([]);
  });

  it("reaches the Wails bindings only through bridge/", () => {
    const outside = [...graph].filter(([file, { specs }]) => !file.startsWith("./bridge/") && specs.some((s) => s.includes("wailsjs")));
    expect(outside.map(([file]) => file)).toEqual([]);
  });

  it("keeps the bridge free of the UI", () => {
    const ui = ["./chat/", "./settings/", "./shell/", "./sessions/", "./search/", "./App.tsx", "./theme.ts"];
    expect(crossing("./bridge/", ui)).toEqual([]);
  });

  it("layers the chat: state knows no hooks or components, hooks know no components", () => {
    expect(crossing("./chat/state/", ["./chat/hooks/", "./chat/components/", "./chat/testing/"])).toEqual([]);
    expect(crossing("./chat/hooks/", ["./chat/components/", "./chat/testing/"])).toEqual([]);
  });
});
