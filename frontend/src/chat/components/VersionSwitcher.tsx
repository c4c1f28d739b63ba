import "./VersionSwitcher.css";

interface Props {
  /** this version (1-based) and how many the turn has */
  n: number;
  of: number;
  /** absent while a turn runs: the backend refuses to switch then */
  onSwitch?: (n: number) => void;
}

/**
 * VersionSwitcher is the `< 2/3 >` at a regenerated or edited turn: it
 * shows which version is on screen and steps to the one before or after.
 */
export function VersionSwitcher({ n, of, onSwitch }: Props) {
  if (of < 2) return null;
  return (
    <nav className="version-switcher" aria-label="Versions of this message">
      <button type="button" className="link" aria-label="Previous version" disabled={!onSwitch || n <= 1} onClick={() => onSwitch?.(n - 1)}>
        ‹
      </button>
      <span className="version-count" aria-label={`Version ${n} of ${of}`}>
        {n}/{of}
      </span>
      <button type="button" className="link" aria-label="Next version" disabled={!onSwitch || n >= of} onClick={() => onSwitch?.(n + 1)}>
        ›
      </button>
    </nav>
  );
}
