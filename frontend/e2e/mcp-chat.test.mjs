// server-everything in a desktop chat: one of its resources chosen from
// the composer's @ picker reaches the model with its URI, and "Allow all
// ev tools for session" on one call's approval lets the next call to
// another of its tools run without a card, its row saying why.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { eventually, openWorkspace, screenshotter, startApp, tempDir, useBrowser, writeChatSettings } from "./harness.mjs";
import { startScriptedProvider } from "./provider.mjs";

const everything = path.resolve(import.meta.dirname, "../../test/mcp/node_modules/@modelcontextprotocol/server-everything");
const everythingBin = path.resolve(import.meta.dirname, "../../test/mcp/node_modules/.bin/mcp-server-everything");
const browser = useBrowser();
const shot = screenshotter("mcp-chat", { fullPage: true });
const shotAxe = screenshotter("mcp-chat", { fullPage: true, axe: true });

/** everythingChat starts the app with server-everything as "ev" and waits until it is connected. */
async function everythingChat(replies, approval) {
  assert.ok(existsSync(everythingBin), `${everythingBin} is missing: run scripts/setup.sh`);
  const provider = await startScriptedProvider(replies);
  const configDir = tempDir("cfg-");
  writeChatSettings(configDir, provider.url, approval);
  mkdirSync(path.join(configDir, "Hearth"), { recursive: true });
  writeFileSync(path.join(configDir, "Hearth", "mcp.json"), JSON.stringify({ mcpServers: { ev: { command: everythingBin, args: ["stdio"] } } }));
  const app = await startApp({ configDir });
  const page = await browser().newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(app.url);
  await openWorkspace(page, tempDir("ws-"));
  const composer = page.getByRole("textbox", { name: "Message", exact: true });
  await composer.waitFor();
  await eventually(async () => {
    const v = await page.evaluate(() => window.go.app.MCP.MCPServers());
    assert.ok(v.servers.some((s) => s.name === "ev" && s.status === "connected"), JSON.stringify(v).slice(0, 500));
  }, "ev to connect");
  return { provider, app, page, composer, close: async () => { await page.close(); await app.stop(); await provider.close(); } };
}

describe("server-everything in a chat", () => {
  it("attaches a resource picked from @ to the message the model receives", async () => {
    const s = await everythingChat([[{ text: "Read the architecture." }]], "ask");
    try {
      await s.composer.click();
      await s.page.keyboard.type("summarise @archi");
      const group = s.page.getByRole("group", { name: "MCP resources · ev" });
      await group.waitFor();
      await shotAxe(s.page, "picker");
      await group.getByRole("option", { name: /^architecture\.md/ }).click();
      const uri = "demo://resource/static/document/architecture.md";
      await eventually(async () => assert.equal(await s.composer.inputValue(), `summarise @ev:${uri} `), "the resource mention in the composer");
      await s.composer.press("Enter");
      await s.page.getByText("Read the architecture.").waitFor({ timeout: 20_000 });
      const sent = JSON.stringify(s.provider.requests[0].messages);
      const firstLine = readFileSync(path.join(everything, "dist", "docs", "architecture.md"), "utf8").trim().split("\n")[0];
      assert.ok(sent.includes(`uri=\\"${uri}\\"`), `the resource's URI did not reach the model: ${sent.slice(0, 600)}`);
      assert.ok(sent.includes(JSON.stringify(firstLine).slice(1, -1)), "the resource's text did not reach the model");
      await shot(s.page, "sent");
    } catch (e) {
      await shot(s.page, "resource-failure");
      console.log(s.app.log());
      throw e;
    } finally {
      await s.close();
    }
  });

  it("allows all of a server's tools for the session from one approval card", async () => {
    const s = await everythingChat([
      [{ tool: { id: "call_e1", name: "mcp__ev__echo", args: { message: "first" } } }],
      [{ tool: { id: "call_e2", name: "mcp__ev__get-sum", args: { a: 2, b: 3 } } }],
      [{ text: "Both ran." }],
    ], "ask");
    try {
      await s.composer.fill("use ev twice");
      await s.composer.press("Enter");
      const card = s.page.getByRole("group", { name: /Approval needed/ });
      await card.waitFor({ timeout: 20_000 });
      await shotAxe(s.page, "approval");
      await card.getByRole("button", { name: "Allow all ev tools for session" }).click();
      await s.page.getByText("Both ran.").waitFor({ timeout: 20_000 });
      await eventually(async () => assert.equal(await s.page.getByRole("group", { name: /Approval needed/ }).count(), 0, "a second card was shown"), "no second card");
      const rows = s.page.locator(".tool-row").filter({ has: s.page.locator(".tool-server-name", { hasText: "ev" }) });
      await eventually(async () => assert.equal(await rows.count(), 2), "two ev tool rows");
      const second = rows.nth(1);
      await eventually(async () => assert.equal(await second.getAttribute("data-status"), "succeeded"), "the second call succeeded");
      await eventually(async () => assert.match(await second.locator(".tool-allowed").textContent(), /auto-allowed for this chat/), "the second call auto-allowed");
      assert.ok(JSON.stringify(s.provider.requests[2].messages).includes("call_e2"), "the second result did not reach the model");
      await shot(s.page, "allowed");
    } catch (e) {
      await shot(s.page, "allow-failure");
      console.log(s.app.log());
      throw e;
    } finally {
      await s.close();
    }
  });
});
