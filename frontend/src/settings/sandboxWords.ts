// The command sandbox's status in plain words, the mechanism's name kept for
// a tooltip: the backend's detail leads with it ("Landlock (ABI 7): …").

export interface SandboxWords {
  /** what happens to commands, for everyone */
  text: string;
  /** the mechanism, for whoever asks; "" when there is none to name */
  technical: string;
}

const mechanisms: { re: RegExp; name: (m: RegExpMatchArray) => string }[] = [
  { re: /^Landlock \(ABI (\d+)\):\s*/, name: (m) => `Linux Landlock sandbox, kernel ABI version ${m[1] ?? "?"}` },
  { re: /^Seatbelt \(sandbox-exec\):\s*/, name: () => "macOS Seatbelt sandbox (sandbox-exec)" },
];

/** sandboxWords splits the backend's sandbox detail into plain words and the mechanism's name. */
export function sandboxWords(detail: string): SandboxWords {
  for (const { re, name } of mechanisms) {
    const m = detail.match(re);
    if (!m) continue;
    const rest = detail.slice(m[0].length);
    return { text: `Sandboxed: ${rest}`, technical: name(m) };
  }
  return {
    text: detail.replace(/^The kernel offers no Landlock, so commands/, "This system offers no sandbox, so commands").replace(/^sandbox-exec is missing, so commands/, "This system offers no sandbox, so commands"),
    technical: detail.startsWith("The kernel offers no Landlock") ? "The Linux kernel has no Landlock support" : detail.startsWith("sandbox-exec is missing") ? "macOS sandbox-exec is missing" : "",
  };
}
