import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { eventually, launchBrowser, openSettings, openWorkspace, screenshotter, startApp, writeChatSettings } from "./harness.mjs";
import { startScriptedProvider } from "./provider.mjs";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// A folder as a Claude Code team keeps it: a namespaced review command and
// a UserPromptSubmit hook that adds context.
function claudeFolder(home) {
  const ws = mkdtempSync(path.join(home, "ws-"));
  const files = {
    ".claude/commands/frontend/review.md": "---\ndescription: Review a component\nargument-hint: <component>\n---\nReview the $1 component for accessibility.\n",
    ".claude/settings.json": JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: "echo 'Team rule: HOOK-CONTEXT'" }] }] } }),
    ".claude/skills/pdf/SKILL.md": "---\nname: pdf\ndescription: Fill PDF forms\n---\nUse scripts/fill.sh.\n",
    "README.md": "# demo\n",
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    writeFileSync(path.join(ws, rel), text);
  }
  return ws;
}

// Each screenshot is also an accessibility check: no serious or critical axe violation.
const shot = screenshotter("commands", { axe: true });

describe("Slash commands and hooks in the desktop", () => {
  it("trusts the folder, picks a command with /, runs it, shows the hook row, and turns a skill off", async () => {
    const provider = await startScriptedProvider([[{ text: "Looks accessible." }]]);
    const home = process.env.HOME;
    const configDir = mkdtempSync(path.join(home, "cfg-"));
    writeChatSettings(configDir, provider.url, "ask");
    const ws = claudeFolder(home);
    const app = await startApp({ configDir });
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    try {
      await page.goto(app.url);
      await openWorkspace(page, ws);
      const banner = page.getByRole("region", { name: "Workspace trust" });
      await banner.getByRole("button", { name: "Review and trust" }).click();
      await page.getByRole("dialog", { name: "What this folder brings" }).getByRole("button", { name: /^Trust (it|all)/ }).click();
      await banner.waitFor({ state: "detached" });

      const composer = page.getByRole("textbox", { name: "Message", exact: true });
      await composer.fill("/rev");
      const picker = page.getByRole("listbox", { name: "Commands" });
      await picker.getByText("/frontend:review").waitFor();
      await eventually(async () => assert.ok((await picker.textContent()).includes("<component>"), "the argument hint is not shown"), "the argument hint");
      await shot(page, "picker");
      await composer.press("Enter");
      await eventually(async () => assert.equal(await composer.inputValue(), "/frontend:review "), "the command in the composer");
      await composer.pressSequentially("Button");
      await composer.press("Enter");

      const log = page.getByRole("log", { name: "Messages" });
      await log.getByText("Looks accessible.").waitFor();
      const hook = log.getByRole("group", { name: "Hook" }).or(log.getByLabel("Hook"));
      await hook.first().waitFor();
      await eventually(async () => assert.ok((await hook.first().textContent()).includes("UserPromptSubmit")), "the hook row to name UserPromptSubmit");
      await shot(page, "hook");
      const sent = JSON.stringify(provider.requests[0].messages);
      assert.ok(sent.includes("Review the Button component for accessibility."), "the command was not expanded");
      assert.ok(sent.includes("HOOK-CONTEXT"), "the hook's context was not sent");

      // Settings → Skills lists the trusted folder's skill and turns it off.
      const dialog = await openSettings(page, "Skills");
      const skills = dialog.getByRole("region", { name: "Skills" });
      const pdf = skills.getByRole("checkbox", { name: /pdf/ });
      await pdf.waitFor();
      await eventually(async () => assert.ok(await pdf.isChecked(), "the skill is not listed on"), "the skill listed on");
      await pdf.click();
      await skills.getByRole("checkbox", { name: /pdf/, checked: false }).waitFor();
      await eventually(async () => assert.deepEqual(JSON.parse(readFileSync(path.join(configDir, "Hearth", "settings.json"), "utf8")).disabledSkills, ["pdf"]),
        "the skill saved as off");
    } finally {
      await page.close();
      await app.stop();
      await provider.close();
    }
  });
});
