import { describe, expect, it } from "vitest";

// Every stylesheet the app ships, as text (vite.config.ts lets Vitest load
// `?raw` CSS, which it otherwise hands over empty), so a raw value slipping
// past the tokens fails here rather than in a screenshot review.
const sheets = import.meta.glob<string>("./**/*.css", { query: "?raw", import: "default", eager: true });

/** The declarations in css whose property matches props, with their line. */
function declarations(css: string, props: RegExp): { prop: string; value: string; line: number }[] {
  const out: { prop: string; value: string; line: number }[] = [];
  const re = /(^|[;{\s])([a-z-]+)\s*:\s*([^;{}]+)/g;
  for (const m of css.matchAll(re)) {
    const prop = m[2] ?? "";
    if (prop.startsWith("--") || !props.test(prop)) continue;
    out.push({ prop, value: (m[3] ?? "").trim(), line: css.slice(0, m.index).split("\n").length });
  }
  return out;
}

/** The lengths in value that are not tokens: var() and calc() over tokens pass. */
function rawLengths(value: string, allowed: string[]): string[] {
  const bare = value.replace(/var\(--[\w-]+\)/g, "");
  return (bare.match(/-?\d*\.?\d+(px|rem|em)\b/g) ?? []).filter((v) => !allowed.includes(v));
}

describe("the visual system", () => {
  it("finds the stylesheets", () => {
    expect(sheets["./styles.css"]).toContain("--space-1:");
    expect(Object.keys(sheets).length).toBeGreaterThan(5);
  });

  it("spaces with the --space tokens (hairlines aside)", () => {
    const bad: string[] = [];
    for (const [file, css] of Object.entries(sheets)) {
      for (const d of declarations(css, /^(padding|margin|gap|row-gap|column-gap)(-[a-z]+)?$/)) {
        for (const v of rawLengths(d.value, ["1px", "-1px"])) bad.push(`${file}:${d.line} ${d.prop}: ${v}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("sizes text with the --text tokens (em for inline code within text)", () => {
    const bad: string[] = [];
    for (const [file, css] of Object.entries(sheets)) {
      for (const d of declarations(css, /^font-size$/)) {
        for (const v of rawLengths(d.value, [])) if (!v.endsWith("em") || v.endsWith("rem")) bad.push(`${file}:${d.line} ${v}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("rounds corners with the --radius tokens", () => {
    const bad: string[] = [];
    for (const [file, css] of Object.entries(sheets)) {
      for (const d of declarations(css, /^border(-[a-z]+)*-radius$/)) {
        for (const v of rawLengths(d.value, [])) bad.push(`${file}:${d.line} ${v}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("takes colours from the theme, never a literal outside it", () => {
    const bad: string[] = [];
    for (const [file, css] of Object.entries(sheets)) {
      for (const d of declarations(css, /^(color|background|background-color|border(-[a-z]+)*|outline(-color)?|fill|stroke)$/)) {
        if (/#[0-9a-f]{3,8}\b/i.test(d.value)) bad.push(`${file}:${d.line} ${d.prop}: ${d.value}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
