// E2E harness: the real Go backend (a `-tags dev` build serving the built
// frontend), a real Chromium driven by playwright-core, and a loopback
// provider server. Run inside scripts/sandbox.sh --x (display + keyring).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { after, before } from "node:test";
import { chromium } from "playwright-core";
import { startScriptedProvider } from "./provider.mjs";

const root = path.resolve(import.meta.dirname, "../..");
export const artifacts = path.join(root, "test-artifacts");
mkdirSync(artifacts, { recursive: true });

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/**
 * eventually retries check until it stops throwing and returns its result;
 * past timeout ms it fails naming what was awaited, with check's last
 * error. Flows wait for the expected state this way (or through a locator's
 * own waitFor) instead of reading a count or a text once: on a loaded
 * machine the page is often a render behind.
 */
export async function eventually(check, what, { timeout = 30_000 } = {}) {
  const end = Date.now() + timeout;
  for (let pause = 10; ; pause = Math.min(2 * pause, 100)) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() >= end) throw new Error(`waited ${timeout} ms for ${what}: ${err?.message ?? err}`, { cause: err });
    }
    await new Promise((r) => setTimeout(r, pause));
  }
}

async function waitForHTTP(url, ms) {
  await eventually(async () => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
  }, `${url} to come up`, { timeout: ms });
}

/** startApp runs the dev binary with its own config dir (and env added to the process's). */
export async function startApp({ configDir, env = {} } = {}) {
  const port = await freePort();
  const cfg = configDir ?? mkdtempSync(path.join(process.env.HOME ?? "/tmp", "cfg-"));
  const bin = process.env.HEARTH_DEV_BIN ?? path.join(root, "build/bin/hearth-dev");
  const child = spawn(bin, ["-devserver", `127.0.0.1:${port}`, "-assetdir", path.join(root, "frontend/dist"), "-loglevel", "Warning"], {
    env: { ...process.env, ...env, XDG_CONFIG_HOME: cfg },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const url = `http://127.0.0.1:${port}/`;
  await waitForHTTP(url, 30_000);
  return {
    url,
    configDir: cfg,
    log: () => log,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", resolve);
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 3000);
      }),
  };
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
}

/** A loopback OpenAI-style /models endpoint that accepts one key. */
export async function startModelServer(goodKey) {
  const srv = http.createServer((req, res) => {
    if (req.url !== "/v1/models") {
      res.writeHead(404).end("not found");
      return;
    }
    if (req.headers.authorization !== `Bearer ${goodKey}`) {
      res.writeHead(401, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "Incorrect API key provided." } }));
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ object: "list", data: [{ id: "e2e-small" }, { id: "e2e-large" }] }));
  });
  await new Promise((r) => srv.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${srv.address().port}/v1`, close: () => new Promise((r) => srv.close(r)) };
}

/** filesContaining lists files under dir whose bytes contain needle. */
export function filesContaining(dir, needle) {
  const hits = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      const st = statSync(p, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) walk(p);
      else if (st.isFile() && readFileSync(p).includes(needle)) hits.push(p);
    }
  };
  walk(dir);
  return hits;
}

/** writeChatSettings points a fresh config dir at a scripted provider. */
export function writeChatSettings(configDir, providerURL, approvalMode = "ask") {
  mkdirSync(path.join(configDir, "Hearth"), { recursive: true });
  const settings = {
    version: 1, activeProvider: "custom:script", activeModel: "e2e-model", reasoningEffort: "off",
    maxIterations: 10, approvalMode, providers: {}, customEndpoints: [{ name: "script", baseUrl: providerURL }],
    // A title request would take the next scripted reply; the Go tests cover titles.
    modelTitles: false,
  };
  writeFileSync(path.join(configDir, "Hearth", "settings.json"), JSON.stringify(settings));
}

const axeSource = readFileSync(path.join(import.meta.dirname, "../node_modules/axe-core/axe.min.js"), "utf8");

/**
 * axeViolations runs axe-core on the page and returns its serious and
 * critical violations, each as "rule: target" lines.
 */
export async function axeViolations(page) {
  // A toast fading in or out is half transparent: contrast is judged on what
  // settles, so wait until no finite animation is running.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
  // Evaluated through the debugger protocol: the app's CSP refuses inline scripts, rightly.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
      .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")} — ${v.help}`));
  });
  return found;
}

/** openWorkspace opens dir through the bound method (as a folder drop does) and reloads. */
export async function openWorkspace(page, dir) {
  await page.evaluate((d) => window.go.app.Project.OpenWorkspace(d), dir);
  await page.reload();
}

/** tempDir makes a fresh directory under $HOME (the sandbox's home). */
export const tempDir = (prefix) => mkdtempSync(path.join(process.env.HOME, prefix));

/**
 * chatSetup starts a fresh app whose settings point at a scripted provider
 * answering replies, opens a workspace holding files and waits for the
 * composer. close stops whichever app s.app is then: a test may restart it.
 */
export async function chatSetup(browser, replies, { approval = "ask", files = { "README.md": "# demo\n" }, viewport = { width: 1200, height: 860 } } = {}) {
  const provider = await startScriptedProvider(replies);
  const configDir = tempDir("cfg-");
  const ws = tempDir("ws-");
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(ws, name), text);
  writeChatSettings(configDir, provider.url, approval);
  const app = await startApp({ configDir });
  const page = await browser.newPage({ viewport });
  await page.goto(app.url);
  await openWorkspace(page, ws);
  const composer = page.getByRole("textbox", { name: "Message", exact: true });
  await composer.waitFor();
  const s = {
    provider, app, page, ws, configDir, composer,
    send: async (text) => {
      await composer.fill(text);
      await composer.press("Enter");
    },
    close: async () => {
      await s.page.close();
      await s.app.stop();
      await provider.close();
    },
  };
  return s;
}

/**
 * screenshotter saves screenshots as test-artifacts/e2e-PREFIX-NAME.png;
 * with axe, each is also an accessibility check: no serious or critical
 * violation.
 */
export function screenshotter(prefix, { axe = false, fullPage = false } = {}) {
  return async (page, name) => {
    await page.screenshot({ path: path.join(artifacts, `e2e-${prefix}-${name}.png`), fullPage });
    if (axe) assert.deepEqual(await axeViolations(page), [], `axe on ${name}`);
  };
}

/** useBrowser launches one browser for a test file and returns a getter for it. */
export function useBrowser() {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return () => browser;
}

/**
 * openSettings opens the Settings dialog with its shortcut, at tab when
 * given. The shortcut listener is attached after the first render, so it
 * presses until the dialog shows.
 */
export async function openSettings(page, tab) {
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await eventually(async () => {
    if (await dialog.isVisible()) return;
    await page.keyboard.press("Control+,");
    await dialog.waitFor({ timeout: 250 });
  }, "the Settings dialog to open on its shortcut");
  if (tab) await dialog.getByRole("tab", { name: tab, exact: true }).click();
  return dialog;
}
