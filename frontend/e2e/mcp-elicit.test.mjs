// An MCP server in a desktop chat beyond tools: server-everything's long
// call shows its progress on the running tool row, and its question
// (elicitation) is a form the person fills in, whose answer reaches the
// server and so the model. The server is configured before the app starts
// and the message is sent as soon as its tools are listed.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { eventually, openWorkspace, screenshotter, startApp, tempDir, useBrowser, writeChatSettings } from "./harness.mjs";
import { startScriptedProvider } from "./provider.mjs";

const everythingBin = path.resolve(import.meta.dirname, "../../test/mcp/node_modules/.bin/mcp-server-everything");
const browser = useBrowser();
const shot = screenshotter("mcp-elicit", { fullPage: true });
const shotAxe = screenshotter("mcp-elicit", { fullPage: true, axe: true });

/** waitForTool polls the bound MCPServers until server lists tool. */
async function waitForTool(page, server, tool) {
  await eventually(async () => {
    const v = await page.evaluate(() => window.go.app.MCP.MCPServers());
    const s = v.servers?.find((x) => x.name === server);
    assert.ok(s?.tools?.some((t) => t.name === tool), JSON.stringify(s).slice(0, 500));
  }, `${server} to list ${tool}`);
}

describe("an MCP server's progress and question in a chat", () => {
  it("shows progress on the row and asks the person through a form", async () => {
    assert.ok(existsSync(everythingBin), `${everythingBin} is missing: run scripts/setup.sh`);
    const provider = await startScriptedProvider([
      [{ tool: { id: "call_long", name: "mcp__ev__trigger-long-running-operation", args: { duration: 3, steps: 3 } } }],
      [{ tool: { id: "call_ask", name: "mcp__ev__trigger-elicitation-request", args: {} } }],
      [{ text: "Thanks, Ann." }],
    ]);
    const configDir = tempDir("cfg-");
    const ws = tempDir("ws-");
    writeChatSettings(configDir, provider.url, "auto");
    mkdirSync(path.join(configDir, "Hearth"), { recursive: true });
    writeFileSync(path.join(configDir, "Hearth", "mcp.json"), JSON.stringify({ mcpServers: { ev: { command: everythingBin, args: ["stdio"] } } }));
    const app = await startApp({ configDir });
    const page = await browser().newPage({ viewport: { width: 1200, height: 900 } });
    try {
      await page.goto(app.url);
      await openWorkspace(page, ws);
      const composer = page.getByRole("textbox", { name: "Message", exact: true });
      await composer.waitFor();
      // The elicitation tool is listed once the server has seen the client's capabilities.
      await waitForTool(page, "ev", "trigger-elicitation-request");

      await composer.fill("run the long one, then ask me");
      await composer.press("Enter");
      const running = page.getByRole("status", { name: "Running trigger-long-running-operation on ev" });
      await running.locator(".tool-server-name", { hasText: "ev" }).waitFor({ timeout: 20_000 });
      await running.getByText(/progress [12]\/3/).waitFor({ timeout: 20_000 });
      await shot(page, "progress");

      const card = page.getByRole("group", { name: /ev asks:/ });
      await card.waitFor({ timeout: 20_000 });
      await shotAxe(page, "question");
      await card.getByRole("button", { name: "Send" }).click();
      await card.getByRole("alert").getByText("String is required").waitFor();
      await card.getByRole("textbox", { name: "String", exact: true }).fill("Ann Smith");
      await card.getByRole("button", { name: "Send" }).click();
      await page.getByText("Thanks, Ann.").waitFor({ timeout: 20_000 });
      await page.getByText(/Answered: ev asked/).waitFor();
      const offered = (provider.requests[0].tools ?? []).map((t) => t.function?.name ?? t.name);
      assert.ok(offered.includes("mcp__ev__trigger-elicitation-request"), `first request offered ${offered}`);
      assert.ok(JSON.stringify(provider.requests[2].messages).includes("Name: Ann Smith"), "the answer did not reach the model");
      await shot(page, "answered");
    } catch (e) {
      await shot(page, "failure");
      console.log(app.log());
      for (const r of provider.requests) console.log("offered:", JSON.stringify((r.tools ?? []).map((t) => t.function?.name ?? t.name)).slice(0, 400));
      throw e;
    } finally {
      await page.close();
      await app.stop();
      await provider.close();
    }
  });
});
