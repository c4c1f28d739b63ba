// The composer's picker (issues 26, 42): one button naming the model opens
// the live model list from the provider; the model and the reasoning effort
// (offered only for a model that takes one) reach the provider's request,
// and each conversation keeps its own pick when reopened from the sidebar
// while New chat keeps the last one.
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { eventually, openWorkspace, screenshotter, startApp, tempDir, useBrowser } from "./harness.mjs";
import { scriptedModels, startScriptedProvider } from "./provider.mjs";

const browser = useBrowser();
const shot = screenshotter("picker", { axe: true });

/**
 * An app whose default is the scripted custom endpoint and whose OpenAI
 * provider points at the same scripted server (OpenAI is the provider the
 * reasoning effort is sent to), with a key from the environment.
 */
async function setup(replies) {
  const provider = await startScriptedProvider(replies);
  const configDir = tempDir("cfg-");
  mkdirSync(path.join(configDir, "Hearth"), { recursive: true });
  writeFileSync(path.join(configDir, "Hearth", "settings.json"), JSON.stringify({
    version: 1, activeProvider: "custom:script", activeModel: "e2e-model", reasoningEffort: "off",
    maxIterations: 10, approvalMode: "ask", providers: { openai: { baseUrl: provider.url } },
    customEndpoints: [{ name: "script", baseUrl: provider.url }], modelTitles: false,
  }));
  const app = await startApp({ configDir, env: { OPENAI_API_KEY: "sk-e2e-picker-0123456789abcdef" } });
  const page = await browser().newPage({ viewport: { width: 1200, height: 860 } });
  const ws = tempDir("ws-");
  writeFileSync(path.join(ws, "README.md"), "# demo\n");
  await page.goto(app.url);
  await openWorkspace(page, ws);
  const composer = page.getByRole("textbox", { name: "Message", exact: true });
  await composer.waitFor();
  return {
    provider, page,
    send: async (text) => {
      await composer.fill(text);
      await composer.press("Enter");
    },
    close: async () => {
      await page.close();
      await app.stop();
      await provider.close();
    },
  };
}

/** options lists a select's option values once the live list has loaded (it holds want). */
async function options(select, want) {
  await select.locator("option", { hasText: want }).first().waitFor({ state: "attached" });
  return select.locator("option").evaluateAll((els) => els.map((e) => e.value));
}

describe("Composer model picker", () => {
  it("lists the provider's models, sends the picked model and effort, and gives each conversation its own pick back", async () => {
    const s = await setup([[{ text: "Thought it through." }], [{ text: "Quick answer." }]]);
    try {
      const picker = s.page.getByRole("group", { name: "Model for this conversation" });
      const providerSelect = picker.getByLabel("Provider");
      const model = picker.getByLabel("Model");
      const effort = picker.getByLabel("Reasoning effort");
      // The picker is one button naming the model; it opens the provider, model and effort.
      const open = async () => {
        if (!(await picker.isVisible())) await s.page.getByRole("button", { name: /^Model: / }).click();
        await picker.waitFor();
      };
      await open();
      await eventually(async () => assert.equal(await providerSelect.inputValue(), "custom:script"), "the custom endpoint picked");
      assert.deepEqual((await options(model, "e2e-reasoner")).sort(), [...scriptedModels].sort(), "the custom endpoint's live list");

      await providerSelect.selectOption("openai");
      const live = await options(model, "e2e-reasoner");
      for (const m of scriptedModels) assert.ok(live.includes(m), `OpenAI's live list ${live} lacks ${m}`);
      await model.selectOption("e2e-reasoner");
      await effort.selectOption("high");
      await eventually(async () => assert.equal(await model.inputValue(), "e2e-reasoner"), "the model picked");
      await eventually(async () => assert.equal(await effort.inputValue(), "high"), "the effort picked");
      await s.page.getByRole("button", { name: /^Model: e2e-reasoner OpenAI/ }).waitFor();
      await shot(s.page, "picked");
      await s.send("Think it through");
      await s.page.getByText("Thought it through.").waitFor();
      assert.equal(s.provider.requests[0].model, "e2e-reasoner");
      assert.equal(s.provider.requests[0].reasoning_effort, "high");

      // New chat keeps the last pick; this chat then picks another.
      await s.page.getByRole("button", { name: "New chat" }).click();
      await s.page.getByText("Thought it through.").waitFor({ state: "detached" });
      await open();
      await options(model, "e2e-fast");
      await eventually(async () => assert.equal(await providerSelect.inputValue(), "openai"), "the conversation's provider");
      await eventually(async () => assert.equal(await model.inputValue(), "e2e-reasoner"), "the conversation's model");
      await eventually(async () => assert.equal(await effort.inputValue(), "high"), "the conversation's effort");
      // A model that does not reason is offered no effort, and none is sent.
      await model.selectOption("e2e-fast");
      await effort.waitFor({ state: "detached" });
      await s.send("Answer quickly");
      await s.page.getByText("Quick answer.").waitFor();
      assert.equal(s.provider.requests[1].model, "e2e-fast");
      assert.equal(s.provider.requests[1].reasoning_effort, undefined);

      // The first conversation, opened from the sidebar, shows its own pick.
      await s.page.locator(".session-open", { hasText: "Think it through" }).click();
      await s.page.getByText("Thought it through.").waitFor();
      await open();
      await options(model, "e2e-fast");
      await eventually(async () => assert.equal(await providerSelect.inputValue(), "openai"), "the conversation's provider");
      await eventually(async () => assert.equal(await model.inputValue(), "e2e-reasoner"), "the conversation's model");
      await eventually(async () => assert.equal(await effort.inputValue(), "high"), "the conversation's effort");
      await shot(s.page, "reopened");
      await s.page.locator(".session-open", { hasText: "Answer quickly" }).click();
      await s.page.getByText("Quick answer.").waitFor();
      await open();
      await options(model, "e2e-fast");
      await eventually(async () => assert.equal(await model.inputValue(), "e2e-fast"), "the second conversation's model");
      assert.equal(await effort.count(), 0, "an effort offered for a model that takes none");
    } finally {
      await s.close();
    }
  });
});
