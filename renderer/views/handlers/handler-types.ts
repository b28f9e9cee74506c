// Which handler types the form offers, and how each one's destination is asked for (pure). Vigil's own service
// delivers email and webhooks only; a remote server may deliver more, so there the form also offers every type
// its existing handlers use, and any other type typed by hand.
import { LOCAL_HANDLER_TYPES } from '../../../common/api/index.ts';

/** The choice that reveals the free-text type; not a well-formed type itself, so it never collides with one. */
export const OTHER_TYPE = '(other)';

const typeLabels: Record<string, string> = { email: 'Email', webhook: 'Webhook' };

export function typeLabel(type: string | undefined): string {
  return type === undefined ? '—' : (typeLabels[type] ?? type);
}

/** The type select's options: the local service's types, or for a remote server those plus the ones it uses. */
export function typeChoices(local: boolean, typesInUse: readonly (string | undefined)[]): { value: string; label: string }[] {
  const known: readonly string[] = LOCAL_HANDLER_TYPES;
  const types = local ? [...known] : [...known, ...[...new Set(typesInUse)].filter((type): type is string => type !== undefined && !known.includes(type)).sort()];
  const choices = types.map((type) => ({ value: type, label: typeLabel(type) }));
  return local ? choices : [...choices, { value: OTHER_TYPE, label: 'Other type…' }];
}

interface DestinationField {
  label: string;
  hint: string;
  placeholder: string;
  inputMode?: 'email' | 'url';
}

const destinationFields: Record<string, DestinationField> = {
  email: { label: 'Email address', hint: 'One address; every alert is sent to it.', placeholder: 'alerts@example.com', inputMode: 'email' },
  webhook: { label: 'Webhook URL', hint: 'An https:// (or http://) address; each alert is sent to it as a POST request.', placeholder: 'https://hooks.example.com/vigil', inputMode: 'url' },
};

export function destinationFieldOf(type: string): DestinationField {
  return destinationFields[type] ?? { label: 'Destination', hint: 'Where the server delivers alerts of this type: an address, a URL or a channel, as it expects.', placeholder: '' };
}
