// Where a token or password typed in Settings is kept, said as it is: in the OS keychain, or, where the keychain
// cannot be used, only until Vigil quits (never in a file). Settings provides what the core said; the forms word it.
import { createContext, useContext } from 'react';
import type { SecretsView } from '../../../common/ipc/settings.ts';
import { CheckboxField } from '../../components/fields.tsx';

/** Undefined until the settings have loaded. */
export const SecretsKeptContext = createContext<SecretsView | undefined>(undefined);

export function useSecretsKept(): SecretsView | undefined {
  return useContext(SecretsKeptContext);
}

/** The hint under a token or password field. */
export function secretKeptHint(secrets: SecretsView | undefined): string {
  if (secrets === undefined) return 'Never shown again.';
  if (secrets.where === 'keychain') return `Kept in the system keychain (${secrets.keychainName}) and never shown again.`;
  return 'Kept only until Vigil quits, as this computer’s keychain cannot be used, and never shown again.';
}

/** Where secrets last for the session only: said before anything is typed, with the reason, and what helps. */
export function SessionOnlyNote({ secrets }: { secrets: SecretsView | undefined }) {
  if (secrets?.where !== 'session') return null;
  return (
    <p className="list-note list-note-warning" role="note">
      Vigil cannot use this computer’s keychain ({secrets.keychainName}): {secrets.reason.replace(/[.!]+$/, '')}. A token typed here is kept only
      until Vigil quits, then you enter it again; Vigil never writes it to a file. Unlock or install a keychain, then restart Vigil, to keep tokens
      across restarts.
    </p>
  );
}

/** The explicit choice to keep a token for this session only; the form refuses to add a server without it. */
export function SessionOnlyChoice({ secrets, checked, error, onChange }: { secrets: SecretsView | undefined; checked: boolean; error: string | undefined; onChange(checked: boolean): void }) {
  if (secrets?.where !== 'session') return null;
  return <CheckboxField label="Keep this token until Vigil quits" hint="After a restart Vigil asks for it again." error={error} checked={checked} onChange={onChange} />;
}

/** The error when a server is added without choosing to keep its token for the session. */
export const sessionChoiceNeeded = 'Tick “Keep this token until Vigil quits” to add the server without a keychain.';
