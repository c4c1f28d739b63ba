// The everyday desktop path (issue 26): first run with a local server or a
// cloud key, errors routed to the field that fixes them, tool rows that tell
// the truth, grants that end with their chat, and the Undo toast. Each
// first run ends in a streamed answer about a file in the opened folder.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { chatSetup as harnessSetup, eventually, openWorkspace, screenshotter, startApp, tempDir, useBrowser } from "./harness.mjs";
import { startFakeOllama } from "./ollama.mjs";
import { startScriptedProvider } from "./provider.mjs";

const browser = useBrowser();

// Each screenshot is also an accessibility check: no serious or critical axe violation.
const shot = screenshotter("desktop", { axe: true, fullPage: true });

/** A workspace with files, and an app whose settings point at a scripted provider. */
const chatSetup = (replies, options) => harnessSetup(browser(), replies, options);

describe("First run", () => {
  it("with only Ollama running: offered first, its model chosen, a first answer streams", async () => {
    const ollama = await startFakeOllama(["nomic-embed-text:latest", "qwen3:8b"], "This folder holds a demo README. ");
    const app = await startApp({ configDir: tempDir("cfg-"), env: { OLLAMA_HOST: ollama.host } });
    const page = await browser().newPage({ viewport: { width: 1200, height: 860 } });
    try {
      await page.goto(app.url);
      const setup = page.getByRole("region", { name: "Set up a model" });
      const first = setup.getByRole("button").first();
      await first.filter({ hasText: "Ollama is running with 2 models" }).waitFor({ timeout: 10000 });
      await shot(page, "first-run-local");
      await first.click();
      const model = setup.getByLabel("Ollama model");
      await model.waitFor();
      await eventually(async () => assert.equal(await model.inputValue(), "qwen3:8b", "the embedding model was chosen to chat"), "the chat model picked");
      await eventually(async () => assert.ok(await model.evaluate((el) => el === document.activeElement), "the model picker is not focused"), "the model picker focused");
      await setup.getByRole("button", { name: "Test" }).click();
      await setup.getByTestId("setup-test").filter({ hasText: "Connected: 2 models" }).waitFor();
      await setup.getByRole("button", { name: "Use qwen3:8b" }).click();
      await setup.getByTestId("setup-done").filter({ hasText: "Ready: Ollama · qwen3:8b" }).waitFor();
      await shot(page, "first-run-local-done");
      const ws = tempDir("ws-");
      writeFileSync(path.join(ws, "README.md"), "# demo\n");
      await openWorkspace(page, ws);
      const composer = page.getByRole("textbox", { name: "Message", exact: true });
      await composer.fill("What is in this folder?");
      await composer.press("Enter");
      await page.getByText("This folder holds a demo README.").waitFor();
      await page.getByText(/Worked for/).waitFor();
      await eventually(async () => assert.equal(await page.getByRole("alert").count(), 0, "the first message failed"), "no alert");
      assert.equal(ollama.requests.at(-1).model, "qwen3:8b");
      await shot(page, "first-run-local-answer");
    } finally {
      await page.close();
      await app.stop();
      await ollama.close();
    }
  });

  it("with a cloud key: a rejected key is shown at the key field, focused; the right one leads to a streamed answer about the folder", async () => {
    const good = "sk-good-e2e-0123456789";
    const provider = await startScriptedProvider(folderReplies(), { models: ["e2e-small", "e2e-large"], key: good });
    const configDir = tempDir("cfg-");
    mkdirSync(path.join(configDir, "Hearth"), { recursive: true });
    // OpenAI's endpoint is the loopback scripted provider; nothing else is set up.
    writeFileSync(path.join(configDir, "Hearth", "settings.json"), JSON.stringify({
      version: 1, activeProvider: "openai", reasoningEffort: "off", maxIterations: 5, approvalMode: "ask", modelTitles: false,
      providers: { openai: { baseUrl: provider.url }, lmstudio: { baseUrl: "http://127.0.0.1:9/v1" } },
    }));
    const app = await startApp({ configDir, env: { OLLAMA_HOST: "http://127.0.0.1:9" } });
    const page = await browser().newPage({ viewport: { width: 1200, height: 860 } });
    try {
      await page.goto(app.url);
      const setup = page.getByRole("region", { name: "Set up a model" });
      await setup.getByRole("button", { name: /OpenAI.*needs an API key/ }).click();
      const key = setup.getByLabel("OpenAI API key");
      await page.waitForFunction(() => document.activeElement?.id === "setup-key");
      await key.fill("sk-wrong-e2e-0123456789");
      await setup.getByRole("button", { name: "Save key" }).click();
      await setup.getByRole("alert").filter({ hasText: "rejected the API key" }).waitFor();
      await page.waitForFunction(() => document.activeElement?.id === "setup-key");
      await shot(page, "first-run-key-rejected");
      await key.fill(good);
      await setup.getByRole("button", { name: "Save key" }).click();
      const model = setup.getByLabel("OpenAI model");
      await model.waitFor();
      await eventually(async () => assert.deepEqual(await model.locator("option").allTextContents(), ["e2e-large", "e2e-small"]), "the OpenAI models listed");
      await setup.getByRole("button", { name: "Test" }).click();
      await setup.getByTestId("setup-test").filter({ hasText: "Connected" }).waitFor();
      await setup.getByRole("button", { name: /^Use / }).click();
      await setup.getByTestId("setup-done").waitFor();
      assert.ok(!(await page.content()).includes("sk-good-e2e"), "the key reached the page");
      await shot(page, "first-run-cloud-done");
      await askAboutFolder(page, provider, good, "e2e-large");
      await shot(page, "first-run-cloud-answer");
    } finally {
      // The sandbox's keychain outlives this app: a saved key would make the next first run "ready".
      await page.evaluate(() => window.go.app.Settings.DeleteKey("openai")).catch(() => undefined);
      await page.close();
      await app.stop();
      await provider.close();
    }
  });

  it("with a key in the environment: offered first, no key typed, a streamed answer about the folder", async () => {
    const envKey = "sk-or-env-e2e-0123456789";
    const provider = await startScriptedProvider(folderReplies(), { models: ["e2e-router"], key: envKey });
    const configDir = tempDir("cfg-");
    mkdirSync(path.join(configDir, "Hearth"), { recursive: true });
    // Only OpenRouter's endpoint is moved to the loopback; the active provider stays the default (OpenAI, no key).
    writeFileSync(path.join(configDir, "Hearth", "settings.json"), JSON.stringify({
      version: 1, modelTitles: false, providers: { openrouter: { baseUrl: provider.url }, lmstudio: { baseUrl: "http://127.0.0.1:9/v1" } },
    }));
    const app = await startApp({ configDir, env: { OLLAMA_HOST: "http://127.0.0.1:9", OPENROUTER_API_KEY: envKey } });
    const page = await browser().newPage({ viewport: { width: 1200, height: 860 } });
    try {
      await page.goto(app.url);
      const setup = page.getByRole("region", { name: "Set up a model" });
      const first = setup.getByRole("button").first();
      await first.filter({ hasText: "OPENROUTER_API_KEY is set" }).waitFor({ timeout: 10000 });
      await shot(page, "first-run-env");
      await first.click();
      const model = setup.getByLabel("OpenRouter model");
      await model.waitFor();
      await eventually(async () => assert.equal(await model.inputValue(), "e2e-router"), "the router model picked");
      await setup.getByRole("button", { name: "Use e2e-router" }).click();
      await setup.getByTestId("setup-done").filter({ hasText: "Ready: OpenRouter · e2e-router" }).waitFor();
      await eventually(async () => assert.equal(await setup.getByLabel(/API key/).count(), 0, "a key was asked for"), "no key asked for");
      await askAboutFolder(page, provider, envKey, "e2e-router");
      await shot(page, "first-run-env-answer");
    } finally {
      await page.close();
      await app.stop();
      await provider.close();
    }
  });
});

const kilnNote = "The kiln fires at 1230 degrees on Thursdays.";

/** folderReplies: read NOTES.md, then answer with what it says, streamed in pieces. */
function folderReplies() {
  return [
    [{ tool: { id: "r1", name: "read_file", args: { path: "NOTES.md" } } }],
    [{ text: "NOTES.md says: " }, { wait: 150 }, { text: "the kiln fires at 1230 degrees " }, { wait: 150 }, { text: "on Thursdays." }],
  ];
}

/**
 * askAboutFolder opens a folder holding NOTES.md, asks about it and waits
 * for the streamed answer: the provider was sent the file's text, with the
 * key, and nothing failed.
 */
async function askAboutFolder(page, provider, key, modelName) {
  const ws = tempDir("ws-");
  writeFileSync(path.join(ws, "NOTES.md"), `# Studio\n${kilnNote}\n`);
  await openWorkspace(page, ws);
  const composer = page.getByRole("textbox", { name: "Message", exact: true });
  await composer.fill("When does the kiln fire?");
  await composer.press("Enter");
  await page.getByText("NOTES.md says: the kiln fires at 1230 degrees on Thursdays.").waitFor();
  await page.getByText(/Worked for/).waitFor();
  await eventually(async () => assert.equal(await page.getByRole("alert").count(), 0, "the first message failed"), "no alert");
  await eventually(async () => assert.equal(await page.locator("details.tool-row .tool-summary").first().textContent(), "Read NOTES.md · 2 lines"), "the read's summary");
  assert.equal(provider.requests.length, 2);
  assert.equal(provider.requests[0].model, modelName);
  assert.ok(provider.requests[0].stream, "the answer was not streamed");
  assert.ok(JSON.stringify(provider.requests[1].messages).includes(kilnNote), "the file's text did not reach the provider");
  assert.deepEqual(provider.auths, [`Bearer ${key}`, `Bearer ${key}`]);
}

describe("Errors go to the field that fixes them", () => {
  it("no model chosen opens Settings at the model field, focused", async () => {
    const s = await chatSetup([]);
    try {
      // The custom endpoint has no model and none is active.
      await s.page.evaluate(() => window.go.app.Settings.SaveGlobal({
        activeProvider: "custom:script", activeModel: "", temperature: null, reasoningEffort: "off", maxIterations: 5,
        approvalMode: "ask", modelTitles: false, containApproved: false,
      }));
      await s.send("hello?");
      const alert = s.page.getByRole("alert").filter({ hasText: "No model is chosen yet." });
      await alert.waitFor();
      await alert.getByRole("button", { name: "Choose a model" }).click();
      await s.page.getByRole("dialog", { name: "Settings" }).waitFor();
      await s.page.waitForFunction(() => document.activeElement?.id === "active-model");
      await shot(s.page, "error-no-model");
      assert.equal(s.provider.requests.length, 0);
    } finally {
      await s.close();
    }
  });
});

describe("Tool rows", () => {
  it("say what happened in one line; a shell exit 1 is failed with its code", async () => {
    const s = await chatSetup([
      [
        { tool: { id: "r1", name: "read_file", args: { path: "README.md" } } },
        { tool: { id: "g1", name: "grep", args: { pattern: "MinValueLen", path: "." } } },
        { tool: { id: "s1", name: "shell", args: { command: "grep -q absent README.md" } } },
      ],
      [{ text: "The word is not in README.md." }],
    ], { files: { "README.md": "# demo\nMinValueLen\n", "a.go": "const MinValueLen = 8\n// MinValueLen\n" } });
    try {
      await s.send("look around");
      await s.page.getByText("The word is not in README.md.").waitFor();
      const rows = s.page.locator("details.tool-row");
      await rows.nth(2).waitFor();
      await eventually(async () => assert.equal(await rows.nth(0).locator(".tool-summary").textContent(), "Read README.md · 2 lines"), "the read's summary");
      await eventually(async () => assert.equal(await rows.nth(1).locator(".tool-summary").textContent(), 'grep "MinValueLen" · 3 matches in 2 files'), "the grep's summary");
      const shell = rows.nth(2);
      await eventually(async () => assert.equal(await shell.getAttribute("data-status"), "failed"), "the shell call failed");
      await eventually(async () => assert.equal(await shell.locator(".tool-status").textContent(), "exit 1"), "the shell call's exit status");
      await eventually(async () => assert.equal(await shell.locator(".tool-summary").textContent(), "Ran grep -q absent README.md · exit 1"), "the shell call's summary");
      await eventually(async () => assert.equal(await shell.locator(".tool-allowed").textContent(), "auto-allowed: read-only"), "the shell call's allowance");
      await eventually(async () => {
        for (const d of await rows.locator(".tool-duration").allTextContents()) assert.ok(d !== "0 ms" && d !== "", `duration ${d}`);
      }, "every call's duration");
      await shell.locator("summary").click();
      await shell.locator(".tool-pre").filter({ hasText: "exit code: 1" }).waitFor();
      await shot(s.page, "tool-rows");
    } finally {
      await s.close();
    }
  });
});

describe("Allow for session", () => {
  it("lasts for its conversation: a new chat asks again", async () => {
    const s = await chatSetup([
      [{ tool: { id: "w1", name: "write_file", args: { path: "a.txt", content: "a\n" } } }],
      [{ text: "Wrote a." }],
      [{ tool: { id: "w2", name: "write_file", args: { path: "b.txt", content: "b\n" } } }],
      [{ text: "Wrote b." }],
      [{ tool: { id: "w3", name: "write_file", args: { path: "c.txt", content: "c\n" } } }],
      [{ text: "Did not write c." }],
    ]);
    try {
      await s.send("write a");
      const card = s.page.getByRole("group", { name: /Approval needed/ });
      await card.getByRole("button", { name: "Allow for session" }).click();
      await s.page.getByText("Wrote a.").waitFor();
      await s.send("write b");
      await s.page.getByText("Wrote b.").waitFor();
      assert.ok(existsSync(path.join(s.ws, "b.txt")), "the granted write did not happen");
      await s.page.locator(".tool-allowed").filter({ hasText: "auto-allowed for this chat" }).waitFor();
      await shot(s.page, "grant-same-chat");
      await s.page.getByRole("button", { name: "New chat" }).click();
      await s.page.getByText("Wrote b.").waitFor({ state: "detached" });
      await s.send("write c");
      const again = s.page.getByRole("group", { name: /Approval needed/ });
      await again.waitFor();
      await again.getByRole("button", { name: /Deny/ }).click();
      const note = s.page.getByPlaceholder(/Why not/);
      if (await note.count()) await note.press("Enter");
      await s.page.getByText("Did not write c.").waitFor();
      assert.ok(!existsSync(path.join(s.ws, "c.txt")), "a new chat wrote with the old chat's grant");
      await shot(s.page, "grant-new-chat-asks");
    } finally {
      await s.close();
    }
  });
});

describe("Composer model picker", () => {
  it("shows the conversation's model and its mode applies to the next turn, Settings unchanged", async () => {
    const s = await chatSetup([
      [{ tool: { id: "w1", name: "write_file", args: { path: "auto.txt", content: "x\n" } } }],
      [{ text: "Wrote it without asking." }],
    ]);
    try {
      await s.page.getByRole("button", { name: /^Model: e2e-model/ }).click();
      const picker = s.page.getByRole("group", { name: "Model for this conversation" });
      await eventually(async () => assert.equal(await picker.getByLabel("Model").inputValue(), "e2e-model"), "the conversation's model");
      await eventually(async () => assert.equal(await picker.getByLabel("Provider").inputValue(), "custom:script"), "the conversation's provider");
      await s.page.keyboard.press("Escape");
      await picker.waitFor({ state: "detached" });
      const mode = s.page.getByRole("button", { name: /^Mode: / });
      await mode.click();
      await s.page.getByRole("menuitemradio", { name: /Full auto/ }).click();
      await s.page.getByRole("alertdialog", { name: "Switch to Full auto?" }).getByRole("button", { name: "Switch to Full auto" }).click();
      await s.page.getByRole("button", { name: /^Mode: Full auto/ }).waitFor();
      await shot(s.page, "model-picker");
      await s.send("write auto.txt");
      await s.page.getByText("Wrote it without asking.").waitFor();
      await eventually(async () => assert.equal(await s.page.getByRole("group", { name: /Approval needed/ }).count(), 0, "the mode switch's mode was not used"), "no approval card in full auto");
      assert.ok(existsSync(path.join(s.ws, "auto.txt")));
      assert.equal(s.provider.requests[0].model, "e2e-model");
      const settings = await s.page.evaluate(() => window.go.app.Settings.GetSettings());
      assert.equal(settings.approvalMode, "ask", "the picker changed Settings");
    } finally {
      await s.close();
    }
  });
});

describe("Command palette", () => {
  it("Ctrl+K finds a conversation and a command and runs them", async () => {
    const s = await chatSetup([[{ text: "Palette answer." }]]);
    try {
      await s.send("remember the palette");
      await s.page.getByText("Palette answer.").waitFor();
      await s.page.getByRole("button", { name: "New chat" }).click();
      await s.page.getByText("Palette answer.").waitFor({ state: "detached" });
      await s.page.keyboard.press("Control+K");
      const palette = s.page.getByRole("dialog", { name: "Command palette" });
      const input = palette.getByPlaceholder(/Type a command/);
      await input.waitFor();
      assert.ok(await input.evaluate((el) => el === document.activeElement), "the palette's input is not focused");
      await input.fill("remember the pal");
      await shot(s.page, "palette");
      await s.page.keyboard.press("Enter");
      await s.page.getByText("Palette answer.").waitFor();
      await s.page.keyboard.press("Control+K");
      await input.fill("default model");
      await s.page.keyboard.press("Enter");
      await s.page.getByRole("dialog", { name: "Settings" }).waitFor();
      await s.page.waitForFunction(() => document.activeElement?.id === "active-model");
    } finally {
      await s.close();
    }
  });
});

describe("End of a turn", () => {
  it("one action row, and a toast naming what Undo restored", async () => {
    const s = await chatSetup([
      [{ tool: { id: "w1", name: "write_file", args: { path: "notes.txt", content: "hello\n" } } }],
      [{ text: "Created notes.txt." }],
    ], { approval: "auto" });
    try {
      await s.send("create notes.txt");
      await s.page.getByText("Created notes.txt.").waitFor();
      const actions = s.page.getByRole("group", { name: "Turn actions" });
      await eventually(async () => assert.deepEqual(await actions.getByRole("button").allTextContents(), ["Copy", "Regenerate", "Undo turn"]), "the turn's actions");
      assert.ok(existsSync(path.join(s.ws, "notes.txt")));
      await actions.getByRole("button", { name: "Undo turn" }).click();
      await s.page.getByTestId("undo-toast").filter({ hasText: "Undone: removed notes.txt." }).waitFor();
      assert.ok(!existsSync(path.join(s.ws, "notes.txt")), "Undo left the file");
      await shot(s.page, "undo-toast");
    } finally {
      await s.close();
    }
  });
});
