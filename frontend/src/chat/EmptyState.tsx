interface Props {
  loading: boolean;
  error: string;
  onChoose: () => void;
}

/** EmptyState invites the user to open a folder, by button or by dropping it on the window. */
export function EmptyState({ loading, error, onChoose }: Props) {
  return (
    <div className="empty-state chat-start">
      <h1>Hearth</h1>
      <p>Your local project agent. Open a folder to start a conversation about it.</p>
      <button type="button" className="primary" onClick={onChoose} disabled={loading}>
        Open a folder
      </button>
      <p className="muted drop-hint">…or drop a folder anywhere on this window.</p>
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
