// The button that starts a new item: a list view's main action, in its header and in its empty state.
export function CreateButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <button type="button" className="button button-primary" onClick={onClick}>
      {label}
    </button>
  );
}
