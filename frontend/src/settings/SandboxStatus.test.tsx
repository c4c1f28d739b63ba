import * as Tooltip from "@radix-ui/react-tooltip";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SandboxStatus } from "./SandboxStatus";

const landlock = {
  detail: "Sandboxed: commands run without asking read only the workspace and system programs, write only a private temp dir, run only the programs judged, no network.",
  mechanism: "Linux Landlock sandbox, kernel ABI version 7",
};

describe("the sandbox in plain words", () => {
  it("shows the plain words, the mechanism behind an info button", () => {
    const { container } = render(
      <Tooltip.Provider>
        <p>
          <SandboxStatus sandbox={landlock} />
        </p>
      </Tooltip.Provider>,
    );
    expect(container.textContent).toMatch(/^Sandboxed: commands run without asking/);
    expect(container.textContent).not.toContain("ABI");
    expect(screen.getByRole("button", { name: "Linux Landlock sandbox, kernel ABI version 7" })).toBeTruthy();
  });

  it("offers no info button when there is no mechanism to name", () => {
    render(<SandboxStatus sandbox={{ detail: "No sandbox.", mechanism: "" }} />);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
