import * as Tooltip from "@radix-ui/react-tooltip";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SandboxStatus } from "./SandboxStatus";
import { sandboxWords } from "./sandboxWords";

const landlock = "Landlock (ABI 7): commands run without asking read only the workspace and system programs, write only a private temp dir, run only the programs judged, no network.";

describe("the sandbox in plain words", () => {
  it("says what happens to commands and keeps the mechanism for the tooltip", () => {
    const w = sandboxWords(landlock);
    expect(w.text).toMatch(/^Sandboxed: commands run without asking read only the workspace/);
    expect(w.text).not.toMatch(/Landlock|ABI/);
    expect(w.technical).toBe("Linux Landlock sandbox, kernel ABI version 7");
  });

  it("says a missing sandbox without the kernel's vocabulary", () => {
    const w = sandboxWords("The kernel offers no Landlock, so commands are not sandboxed: only commands the parser proves read-only run without asking.");
    expect(w.text).toMatch(/^This system offers no sandbox, so commands are not sandboxed/);
    expect(w.technical).toContain("Landlock");
  });

  it("shows the plain words, the mechanism behind an info button", () => {
    const { container } = render(
      <Tooltip.Provider>
        <p>
          <SandboxStatus detail={landlock} />
        </p>
      </Tooltip.Provider>,
    );
    expect(container.textContent).not.toContain("ABI");
    expect(screen.getByRole("button", { name: "Linux Landlock sandbox, kernel ABI version 7" })).toBeTruthy();
  });
});
