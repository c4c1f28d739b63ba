interface Props {
  id: string;
  results: string[];
  active: number;
  onPick: (i: number) => void;
}

/** MentionList is the @-file picker's list box under the composer. */
export function MentionList({ id, results, active, onPick }: Props) {
  return (
    <ul className="mention-list" id={id} role="listbox" aria-label="Files">
      {results.map((p, i) => (
        <li
          key={p}
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
          {p}
        </li>
      ))}
    </ul>
  );
}
