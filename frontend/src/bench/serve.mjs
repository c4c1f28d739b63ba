/* global process, URL */
// Shared by the UI benchmarks: builds a bench entry directory with Vite into
// a temp dir, serves it on 127.0.0.1 and launches Debian Chromium.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { build } from "vite";

const frontend = path.resolve(import.meta.dirname, "../..");
const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };

/** serveBench builds dir (holding index.html) and returns {url, browser, out, close}. */
export async function serveBench(dir, prefix) {
  const out = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  await build({ configFile: path.join(frontend, "vite.config.ts"), root: dir, base: "./", logLevel: "warn", build: { outDir: out, emptyOutDir: true } });
  const srv = http.createServer((req, res) => {
    const rel = new URL(req.url ?? "/", "http://x").pathname;
    const file = path.join(out, rel === "/" ? "index.html" : rel);
    if (!file.startsWith(out)) return res.writeHead(403).end();
    let body;
    try {
      body = readFileSync(file);
    } catch {
      return res.writeHead(404).end();
    }
    res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" }).end(body);
  });
  await new Promise((r) => srv.listen(0, "127.0.0.1", r));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  return {
    url: `http://127.0.0.1:${srv.address().port}/`,
    browser,
    out,
    close: async ({ keep = false } = {}) => {
      await browser.close();
      srv.close();
      if (!keep) rmSync(out, { recursive: true, force: true });
    },
  };
}
