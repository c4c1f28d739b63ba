import "./MentionList.css";
import type { MentionItem, MentionResource } from "../hooks/useMention";

interface Props {
  id: string;
  results: MentionItem[];
  active: number;
  onPick: (i: number) => void;
}

/**
 * MentionList is the @ picker's list box under the composer: workspace
 * files, then each MCP server's resources in a group named for it.
 */
export function MentionList({ id, results, active, onPick }: Props) {
  const option = (item: MentionItem, i: number) => (
    <li
      key={item.kind === "file" ? item.path : `${item.server}\n${item.uri}`}
      id={`${id}-${i}`}
      role="option"
      aria-selected={i === active}
      className={i === active ? "active" : undefined}
      title={item.kind === "resource" ? item.description || item.uri : undefined}
      // mousedown, not click: the textarea must keep focus and caret.
      onMouseDown={(e) => {
        e.preventDefault();
        onPick(i);
      }}
    >
      {item.kind === "file" ? (
        item.path
      ) : (
        <>
          <span className="mention-resource-name">{item.name}</span> <span className="mention-resource-uri">{item.uri}</span>
        </>
      )}
    </li>
  );
  const files = results.flatMap((r, i) => (r.kind === "file" ? [option(r, i)] : []));
  const groups = new Map<string, { item: MentionResource & { kind: "resource" }; i: number }[]>();
  results.forEach((r, i) => {
    if (r.kind === "resource") groups.set(r.server, [...(groups.get(r.server) ?? []), { item: r, i }]);
  });
  return (
    <ul className="mention-list" id={id} role="listbox" aria-label={groups.size ? "Files and MCP resources" : "Files"}>
      {files}
      {[...groups].map(([server, items], g) => (
        <li key={server} role="group" className="mention-group" aria-labelledby={`${id}-group-${g}`}>
          <span className="mention-group-label" id={`${id}-group-${g}`}>
            MCP resources · {server}
          </span>
          <ul role="none">{items.map(({ item, i }) => option(item, i))}</ul>
        </li>
      ))}
    </ul>
  );
}
