// The fields the create forms of monitors, heartbeats and notification handlers share, so each reads and limits the
// same way everywhere: the item's name, and the address whose words follow the type chosen above it.
import type { ReactNode } from 'react';
import { INPUT_LIMITS } from '../../common/api/index.ts';
import { TextField } from './fields.tsx';

interface ItemFieldProps {
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}

/** The item's name: the form's first field, focused when it opens, as long as the API allows. */
export function NameField({ hint, ...field }: ItemFieldProps & { hint?: ReactNode }) {
  return <TextField label="Name" value={field.value} error={field.error} hint={hint} maxLength={INPUT_LIMITS.nameMaxLength} autoFocus onChange={(event) => field.onChange(event.target.value)} />;
}

/** What an address field is called and says for one type: a monitor's target, a handler's destination. */
export interface AddressWords {
  label: string;
  hint: string;
  placeholder: string;
  inputMode?: 'email' | 'url';
}

/** Where the item points (a URL, a host and port, an email address): machine text, in the chosen type's words. */
export function AddressField({ words, maxLength, ...field }: ItemFieldProps & { words: AddressWords; maxLength?: number }) {
  return (
    <TextField
      label={words.label}
      value={field.value}
      error={field.error}
      hint={words.hint}
      placeholder={words.placeholder}
      inputMode={words.inputMode}
      maxLength={maxLength}
      verbatim
      onChange={(event) => field.onChange(event.target.value)}
    />
  );
}
