// "Server" in a create form: asked only when more than one server is watched (with one, there is no choice to
// make and the form looks as it always did).
import type { ServerChoice } from '../state/server-choice.ts';
import { FormError, SelectField, sentence } from './fields.tsx';

export interface ServerFieldProps {
  choice: ServerChoice;
  error: string | undefined;
  /** What the server does with it: "It checks the monitor and keeps its history." */
  hint: string;
  onChange(): void;
}

export function ServerField({ choice, error, hint, onChange }: ServerFieldProps) {
  // With no server at all there is nothing to choose from, only why the form cannot save.
  if (choice.servers.length === 0) return <FormError message={error === undefined ? undefined : sentence(error)} />;
  if (choice.servers.length === 1) return null;
  const options = choice.servers.map((server) => ({ value: server.id, label: server.name }));
  return (
    <SelectField
      label="Server"
      value={choice.chosen?.id ?? ''}
      error={error}
      hint={hint}
      options={choice.chosen === undefined ? [{ value: '', label: 'Choose a server…' }, ...options] : options}
      onChange={(event) => {
        choice.choose(event.target.value);
        onChange();
      }}
    />
  );
}
