// Settings → MCP end to end: add the real server-memory, watch it connect
// and list its tools, use one of them in a chat through an approval card,
// then disable the server.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { artifacts, axeViolations, eventually, launchBrowser, openSettings, openWorkspace, startApp, writeChatSettings } from "./harness.mjs";
import { startScriptedProvider } from "./provider.mjs";

const memoryBin = path.resolve(import.meta.dirname, "../../test/mcp/node_modules/.bin/mcp-server-memory");

let browser;
before(async () => {
  assert.ok(existsSync(memoryBin), `${memoryBin} is missing: run scripts/setup.sh`);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const shot = (page, name) => page.screenshot({ path: path.join(artifacts, `e2e-mcp-${name}.png`), fullPage: true });

describe("MCP servers in Settings and in a chat", () => {
  it("adds server-memory, uses its tool with an approval, then disables it", async () => {
    const entities = { entities: [{ name: "Ann", entityType: "person", observations: ["likes tea"] }] };
    const provider = await startScriptedProvider([
      [{ text: "Saving it." }, { tool: { id: "call_m1", name: "mcp__memory__create_entities", args: entities } }],
      [{ text: "Remembered Ann." }],
    ]);
    const home = process.env.HOME;
    const configDir = mkdtempSync(path.join(home, "cfg-"));
    const ws = mkdtempSync(path.join(home, "ws-"));
    const memFile = path.join(mkdtempSync(path.join(home, "mem-")), "memory.jsonl");
    writeChatSettings(configDir, provider.url, "ask");
    const app = await startApp({ configDir });
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    try {
      await page.goto(app.url);
      await openWorkspace(page, ws);
      await page.getByRole("textbox", { name: "Message", exact: true }).waitFor();

      let dialog = await openSettings(page, "MCP");
      const form = dialog.getByRole("form", { name: "Add a server" });
      await form.getByLabel("Name").fill("memory");
      await form.getByLabel("Command and arguments").fill(memoryBin);
      await form.getByLabel(/Environment/).fill(`MEMORY_FILE_PATH=${memFile}`);
      await form.getByRole("button", { name: "Add server" }).click();
      await dialog.getByRole("status", { name: "memory: Connected" }).waitFor({ timeout: 30_000 });
      await dialog.getByRole("button", { name: "Details of memory" }).click();
      await dialog.getByRole("checkbox", { name: /^create_entities \d+ tokens$/ }).waitFor();
      await eventually(async () => assert.ok(await dialog.getByRole("checkbox", { name: /^create_entities \d+ tokens$/ }).isChecked()), "create_entities on");
      await eventually(async () => assert.match(await dialog.getByTestId("mcp-memory-tools").textContent(), /^[1-9]\d* tools$/), "memory's tool count");
      await dialog.getByTestId("mcp-memory").scrollIntoViewIfNeeded();
      await shot(page, "connected");
      assert.deepEqual(await axeViolations(page), [], "axe on Settings → MCP");
      const file = readFileSync(path.join(configDir, "Hearth", "mcp.json"), "utf8");
      assert.ok(!file.includes(memFile) && file.includes("${keychain:mcp.memory.env.MEMORY_FILE_PATH}"), `mcp.json keeps the value:\n${file}`);
      await dialog.getByRole("button", { name: "Close settings" }).click();

      const composer = page.getByRole("textbox", { name: "Message", exact: true });
      await composer.fill("remember that Ann likes tea");
      await composer.press("Enter");
      const card = page.getByRole("group", { name: /Approval needed/ });
      await card.waitFor();
      await card.getByText(/likes tea/).first().waitFor();
      await shot(page, "approval");
      assert.ok(!existsSync(memFile) || !readFileSync(memFile, "utf8").includes("Ann"), "the call ran before approval");
      await card.getByRole("button", { name: "Allow once" }).click();
      await page.getByText("Remembered Ann.").waitFor();
      const row = page.locator(".tool-row").filter({ has: page.locator(".tool-server-name", { hasText: "memory" }) });
      await row.waitFor();
      await eventually(async () => assert.equal(await row.getAttribute("data-status"), "succeeded"), "the memory call succeeded");
      assert.ok(readFileSync(memFile, "utf8").includes('"Ann"'), "server-memory did not store the entity");
      assert.ok(JSON.stringify(provider.requests[0].tools).includes("mcp__memory__create_entities"), "the tool was not offered");
      assert.ok(JSON.stringify(provider.requests[1].messages).includes("call_m1"), "the result did not reach the model");
      await shot(page, "used");

      dialog = await openSettings(page, "MCP");
      await dialog.getByRole("button", { name: "Disable memory" }).click();
      await dialog.getByRole("status", { name: "memory: Disabled" }).waitFor();
      await eventually(async () => assert.ok(readFileSync(path.join(configDir, "Hearth", "mcp.json"), "utf8").includes('"disabled": true')), "memory saved as disabled");
      await dialog.getByTestId("mcp-memory").scrollIntoViewIfNeeded();
      await shot(page, "disabled");
    } catch (e) {
      await shot(page, "failure");
      console.log(app.log());
      console.log(JSON.stringify(await page.evaluate(() => window.go.app.MCP.MCPServers()).catch((x) => String(x))));
      throw e;
    } finally {
      await page.close();
      await app.stop();
      await provider.close();
    }
  });
});
