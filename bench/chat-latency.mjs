// bench/chat-latency.mjs: time from a token leaving a loopback provider to
// its text in the DOM, through the real Go backend (SSE decode, the loop,
// event coalescing, the bridge) and React. Run inside scripts/sandbox.sh --x
// after `make dev-build frontend`:
//   scripts/sandbox.sh --x node bench/chat-latency.mjs [tokens] [tokens-per-second]
import { mkdtempSync } from "node:fs";
import path from "node:path";
import { launchBrowser, openWorkspace, startApp, writeChatSettings } from "../frontend/e2e/harness.mjs";
import { startScriptedProvider } from "../frontend/e2e/provider.mjs";

const tokens = Number(process.argv[2] ?? 300);
const rate = Number(process.argv[3] ?? 100);
const steps = [];
for (let i = 0; i < tokens; i++) steps.push({ stamp: i }, { wait: Math.round(1000 / rate) });
const provider = await startScriptedProvider([steps]);
const cfg = mkdtempSync(path.join(process.env.HOME, "cfg-"));
const ws = mkdtempSync(path.join(process.env.HOME, "ws-"));
writeChatSettings(cfg, provider.url);
const app = await startApp({ configDir: cfg });
const browser = await launchBrowser();
const page = await browser.newPage();
try {
  await page.goto(app.url);
  await openWorkspace(page, ws);
  await page.getByRole("textbox", { name: "Message", exact: true }).waitFor();
  await page.evaluate(() => {
    const seen = new Set();
    window.__lat = [];
    new MutationObserver(() => {
      const now = performance.timeOrigin + performance.now();
      const log = document.querySelector('[role="log"]');
      for (const m of (log?.textContent ?? "").matchAll(/\[\[(\d+):(\d+)\]\]/g)) {
        if (!seen.has(m[1])) {
          seen.add(m[1]);
          window.__lat.push(now - Number(m[2]));
        }
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const box = page.getByRole("textbox", { name: "Message", exact: true });
  await box.fill("stream");
  await box.press("Enter");
  await page.getByText(/Cooked for/).waitFor({ timeout: 120_000 });
  const lat = (await page.evaluate(() => window.__lat)).sort((a, b) => a - b);
  const q = (p) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))].toFixed(1);
  console.log(`provider → DOM over ${lat.length} tokens at ${rate}/s: p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${lat[lat.length - 1].toFixed(1)} ms`);
} finally {
  await browser.close();
  await app.stop();
  await provider.close();
}
