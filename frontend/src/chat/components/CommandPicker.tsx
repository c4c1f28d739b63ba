import "./CommandPicker.css";
import type { CommandEntry } from "../../bridge/shell";

interface Props {
  id: string;
  results: CommandEntry[];
  active: number;
  onPick: (i: number) => void;
}

/** CommandPicker is the "/" command list under the composer: name, argument hint, description, where it comes from. */
export function CommandPicker({ id, results, active, onPick }: Props) {
  return (
    <ul className="mention-list command-picker" id={id} role="listbox" aria-label="Commands">
      {results.map((c, i) => (
        <li
          key={c.name}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          className={i === active ? "active" : undefined}
          // mousedown, not click: the textarea must keep focus and caret.
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(i);
          }}
        >
          <span className="command-name">/{c.name}</span>
          {c.argumentHint && <span className="command-hint"> {c.argumentHint}</span>}
          {c.description && <span className="command-desc"> — {c.description}</span>}
          <span className="command-scope"> {c.scope}</span>
        </li>
      ))}
    </ul>
  );
}
