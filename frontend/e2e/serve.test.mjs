// Settings → "Serve the agent on this computer": the app serves its agent
// over the OpenAI-compatible API, and what the approval mode does not allow
// is asked on the usual approval card in the app.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { launchBrowser, openWorkspace, screenshotter, startApp, writeChatSettings, openSettings } from "./harness.mjs";
import { startScriptedProvider } from "./provider.mjs";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

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

// Each screenshot is also an accessibility check: no serious or critical axe violation.
const shot = screenshotter("serve", { axe: true });

describe("Serving the agent from the app", () => {
  it("answers an API client after the edit is allowed on an approval card", { timeout: 90_000 }, async () => {
    const provider = await startScriptedProvider([
      [{ tool: { id: "w1", name: "write_file", args: { path: "served.txt", content: "from the API\n" } } }],
      [{ text: "Wrote served.txt." }],
    ]);
    const configDir = mkdtempSync(path.join(process.env.HOME, "cfg-"));
    const ws = mkdtempSync(path.join(process.env.HOME, "ws-"));
    writeChatSettings(configDir, provider.url, "ask");
    const port = await freePort();
    const token = "e2e-serve-token";
    const app = await startApp({ configDir, env: { HEARTH_API_TOKEN: token, HEARTH_SERVE_ADDR: `127.0.0.1:${port}` } });
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    try {
      await page.goto(app.url);
      await openWorkspace(page, ws);
      const dialog = await openSettings(page, "Serve");
      // The box is ticked once the server answers, so click and wait for it rather than check().
      const serveBox = dialog.getByRole("checkbox", { name: "Serve the agent on this computer" });
      await serveBox.click();
      await dialog.getByText(`Listening on http://127.0.0.1:${port}/v1`).waitFor();

      const denied = await fetch(`http://127.0.0.1:${port}/v1/models`);
      assert.equal(denied.status, 401);

      const answer = fetch(`http://127.0.0.1:${port}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ model: "hearth", messages: [{ role: "user", content: "write served.txt" }] }),
        signal: globalThis.AbortSignal.timeout(60_000),
      }).then((r) => r.json());
      const card = dialog.getByRole("group", { name: "Approval needed: write_file" });
      await card.waitFor();
      assert.equal(existsSync(path.join(ws, "served.txt")), false, "nothing may be written before the card is answered");
      await shot(page, "approval");
      await card.getByRole("button", { name: /allow once/i }).click();
      const body = await answer;
      assert.equal(body.choices[0].message.content, "Wrote served.txt.");
      assert.equal(readFileSync(path.join(ws, "served.txt"), "utf8"), "from the API\n");
      await card.waitFor({ state: "detached" });

      await serveBox.click();
      await dialog.getByText("Listening on").waitFor({ state: "detached" });
      await assert.rejects(fetch(`http://127.0.0.1:${port}/health`, { signal: globalThis.AbortSignal.timeout(5000) }));
    } finally {
      await page.close();
      await app.stop();
      await provider.close();
    }
  });
});
