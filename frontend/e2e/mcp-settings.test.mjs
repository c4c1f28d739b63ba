// Settings → MCP beyond adding: importing other apps' servers (shown
// first, imported only on the person's word), editing a server in place
// (secrets masked, kept unless changed, a rename followed by the chat),
// and Sign in to an OAuth-protected server through a real authorization
// server, the system browser replaced by a script that hands the page to
// Playwright's browser.
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { eventually, openSettings, openWorkspace, screenshotter, startApp, tempDir, useBrowser, writeChatSettings } from "./harness.mjs";
import { startOAuthMCP } from "./oauth-mcp.mjs";
import { startScriptedProvider } from "./provider.mjs";

const bins = path.resolve(import.meta.dirname, "../../test/mcp/node_modules/.bin");
const memoryBin = path.join(bins, "mcp-server-memory");
const everythingBin = path.join(bins, "mcp-server-everything");
const browser = useBrowser();
const shot = screenshotter("mcp-settings", { fullPage: true });
const shotAxe = screenshotter("mcp-settings", { fullPage: true, axe: true });

const userFile = (configDir) => path.join(configDir, "Hearth", "mcp.json");
const userServers = (configDir) => (existsSync(userFile(configDir)) ? Object.keys(JSON.parse(readFileSync(userFile(configDir), "utf8")).mcpServers ?? {}) : []);

/** session starts the app on a scripted provider with a workspace open, env added to its process. */
async function session(replies, { env = {}, before = () => undefined } = {}) {
  const provider = await startScriptedProvider(replies);
  const configDir = tempDir("cfg-");
  const ws = tempDir("ws-");
  writeChatSettings(configDir, provider.url, "auto");
  before(configDir);
  const app = await startApp({ configDir, env });
  const page = await browser().newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(app.url);
  await openWorkspace(page, ws);
  await page.getByRole("textbox", { name: "Message", exact: true }).waitFor();
  return { provider, configDir, app, page, close: async () => { await page.close(); await app.stop(); await provider.close(); } };
}

async function failing(s, name, e) {
  await shot(s.page, `${name}-failure`);
  console.log(s.app.log());
  throw e;
}

describe("Settings → MCP", () => {
  it("shows other apps' servers first and imports only the ones picked", async () => {
    const home = tempDir("home-");
    const memFile = path.join(tempDir("mem-"), "memory.jsonl");
    mkdirSync(path.join(home, ".cursor"), { recursive: true });
    writeFileSync(path.join(home, ".cursor", "mcp.json"), JSON.stringify({ mcpServers: { everything: { command: everythingBin, args: ["stdio"] } } }));
    const s = await session([], {
      env: { HOME: home },
      before: (cfg) => {
        mkdirSync(path.join(cfg, "Claude"), { recursive: true });
        writeFileSync(path.join(cfg, "Claude", "claude_desktop_config.json"),
          JSON.stringify({ mcpServers: { memory: { command: memoryBin, env: { MEMORY_FILE_PATH: memFile } } } }));
      },
    });
    try {
      const dialog = await openSettings(s.page, "MCP");
      await dialog.getByText("No servers yet.").waitFor();
      await dialog.getByRole("button", { name: "Import from other apps…" }).click();
      const desktop = dialog.getByRole("group", { name: /Claude Desktop/ });
      const cursor = dialog.getByRole("group", { name: /Cursor/ });
      await desktop.getByRole("checkbox", { name: /memory/ }).waitFor();
      await cursor.getByRole("checkbox", { name: /everything/ }).waitFor();
      await eventually(async () => assert.match(await desktop.textContent(), /1 secret\(s\) in the file/), "the secret count in the import list");
      await eventually(async () => assert.ok(!(await desktop.textContent()).includes(memFile), "the list shows a secret's value"), "the import list without a secret's value");
      await shotAxe(s.page, "import-shown");
      // Shown, not imported.
      assert.deepEqual(userServers(s.configDir), []);
      assert.equal((await s.page.evaluate(() => window.go.app.MCP.MCPServers())).servers.length, 0);

      await desktop.getByRole("checkbox", { name: /memory/ }).check();
      await eventually(async () => assert.ok(await desktop.getByRole("checkbox", { name: /Move the 1 secret/ }).isChecked()), "the secret's move ticked");
      await desktop.getByRole("button", { name: "Import 1 from Claude Desktop" }).click();
      await dialog.getByRole("status", { name: "memory: Connected" }).waitFor({ timeout: 30_000 });
      assert.deepEqual(userServers(s.configDir), ["memory"], "only the picked server is imported");
      const file = readFileSync(userFile(s.configDir), "utf8");
      assert.ok(!file.includes(memFile) && file.includes("${keychain:mcp.memory.env.MEMORY_FILE_PATH}"), `mcp.json:\n${file}`);
      await eventually(async () => assert.equal(await dialog.getByTestId("mcp-everything").count(), 0), "only memory listed");
      await shot(s.page, "imported");
    } catch (e) {
      await failing(s, "import", e);
    } finally {
      await s.close();
    }
  });

  it("edits a server in place: secrets masked and kept, a new value and a new name take effect", async () => {
    const dir = tempDir("mem-");
    const first = path.join(dir, "first.jsonl");
    const second = path.join(dir, "second.jsonl");
    const entities = { entities: [{ name: "Cleo", entityType: "person", observations: ["moved"] }] };
    const s = await session([
      [{ tool: { id: "call_n1", name: "mcp__notes__create_entities", args: entities } }],
      [{ text: "Noted Cleo." }],
    ]);
    try {
      let dialog = await openSettings(s.page, "MCP");
      const add = dialog.getByRole("form", { name: "Add a server" });
      await add.getByLabel("Name").fill("memory");
      await add.getByLabel("Command and arguments").fill(memoryBin);
      await add.getByLabel(/Environment/).fill(`MEMORY_FILE_PATH=${first}\nAPI_TOKEN=tok-e2e-5150`);
      await add.getByRole("button", { name: "Add server" }).click();
      await dialog.getByRole("status", { name: "memory: Connected" }).waitFor({ timeout: 30_000 });

      await dialog.getByRole("button", { name: "Edit memory" }).click();
      const edit = dialog.getByRole("form", { name: "Edit memory" });
      await edit.waitFor();
      await eventually(async () => assert.equal(await edit.getByLabel("Command and arguments").inputValue(), memoryBin), "the command in the edit form");
      const env = edit.getByLabel(/Environment/);
      await eventually(async () => assert.equal(await env.inputValue(), "API_TOKEN=••••••••\nMEMORY_FILE_PATH=••••••••"), "the masked environment");
      await shotAxe(s.page, "edit-form");
      await edit.getByLabel("Name").fill("notes");
      await env.fill(`API_TOKEN=••••••••\nMEMORY_FILE_PATH=${second}`);
      await edit.getByRole("button", { name: "Save changes" }).click();
      await dialog.getByRole("status", { name: "notes: Connected" }).waitFor({ timeout: 30_000 });
      await eventually(async () => assert.equal(await dialog.getByTestId("mcp-memory").count(), 0, "the old name is still listed"), "the old name to go");
      assert.deepEqual(userServers(s.configDir), ["notes"]);
      const file = readFileSync(userFile(s.configDir), "utf8");
      assert.ok(!file.includes(second) && !file.includes("tok-e2e-5150") && file.includes("${keychain:mcp.notes.env.API_TOKEN}"), `mcp.json:\n${file}`);
      await shot(s.page, "edited");
      await dialog.getByRole("button", { name: "Close settings" }).click();

      // The renamed server runs with the new value: its entity lands in the second file.
      const composer = s.page.getByRole("textbox", { name: "Message", exact: true });
      await composer.fill("note Cleo");
      await composer.press("Enter");
      await s.page.getByText("Noted Cleo.").waitFor({ timeout: 20_000 });
      assert.ok(readFileSync(second, "utf8").includes('"Cleo"'), "the entity did not land in the edited MEMORY_FILE_PATH");
      assert.ok(!existsSync(first) || !readFileSync(first, "utf8").includes("Cleo"));
      dialog = await openSettings(s.page, "MCP");
      await dialog.getByRole("button", { name: "Edit notes" }).click();
      await eventually(async () => assert.equal(await dialog.getByRole("form", { name: "Edit notes" }).getByLabel(/Environment/).inputValue(),
        "API_TOKEN=••••••••\nMEMORY_FILE_PATH=••••••••", "the edited values are shown unmasked"), "the edited environment masked");
    } catch (e) {
      await failing(s, "edit", e);
    } finally {
      await s.close();
    }
  });

  it("signs in to an OAuth server in the browser when the person presses Sign in", async () => {
    const auth = await startOAuthMCP();
    const bin = tempDir("bin-");
    const opened = path.join(bin, "opened.txt");
    // The system browser: the script records the page Hearth asked to show.
    writeFileSync(path.join(bin, "xdg-open"), `#!/bin/sh\nprintf '%s\\n' "$1" >> '${opened}'\n`);
    chmodSync(path.join(bin, "xdg-open"), 0o755);
    const s = await session([], {
      env: { PATH: `${bin}:${process.env.PATH}` },
      before: (cfg) => writeFileSync(userFile(cfg), JSON.stringify({ mcpServers: { remote: { type: "http", url: auth.url } } })),
    });
    try {
      const dialog = await openSettings(s.page, "MCP");
      await dialog.getByRole("status", { name: "remote: Needs sign-in" }).waitFor({ timeout: 30_000 });
      assert.ok(!existsSync(opened), "a sign-in page opened before the person asked");
      await shotAxe(s.page, "needs-sign-in");
      await dialog.getByRole("button", { name: "Sign in to remote" }).click();
      const url = await eventually(async () => readFileSync(opened, "utf8").trim() || assert.fail("empty"), "the sign-in page to open");
      assert.ok(url.startsWith(new URL("/authorize", auth.url).href) && url.includes("code_challenge="), `opened ${url}`);
      // The person's browser: the authorization server approves and redirects to Hearth's loopback page.
      const tab = await browser().newPage();
      await tab.goto(url);
      const landed = tab.url();
      assert.match(landed, /^http:\/\/(127\.0\.0\.1|localhost):\d+\//, `the redirect went to ${landed}`);
      await tab.close();
      await dialog.getByRole("status", { name: "remote: Connected" }).waitFor({ timeout: 30_000 });
      await eventually(async () => assert.equal(await dialog.getByTestId("mcp-remote-tools").textContent(), "1 tools"), "the remote server's tool count");
      assert.equal(auth.authorized.length, 1);
      assert.ok(!readFileSync(userFile(s.configDir), "utf8").includes("access_token"), "a token was written to mcp.json");
      await shot(s.page, "signed-in");
    } catch (e) {
      await failing(s, "signin", e);
    } finally {
      await s.close();
      await auth.close();
    }
  });
});
