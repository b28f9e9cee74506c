// The secret store port: where connection tokens live (accounts are connection ids under the service "Vigil"),
// and the local service's SMTP password (account `smtp:local`). No implementation ever writes a secret to disk in
// plain text.

export interface SecretStore {
  /** `os-keychain`: kept across restarts by the OS; `memory`: lost when Vigil quits. */
  readonly kind: 'os-keychain' | 'memory';
  /** Why the OS keychain is not used, for a memory store that stands in for it. */
  readonly keychainUnavailable?: string;
  /** The secret, or undefined when none is stored. */
  get(account: string): Promise<string | undefined>;
  /** Stores the secret, replacing any earlier one. */
  set(account: string, secret: string): Promise<void>;
  /** True if a secret was deleted, false if there was none. */
  delete(account: string): Promise<boolean>;
}

export const SECRET_SERVICE_NAME = 'Vigil';

/** The OS keychain cannot be used right now; the message is one sentence a person can act on. */
export class KeychainUnavailableError extends Error {
  override readonly name = 'KeychainUnavailableError';
  /** Why, e.g. "it did not answer within 30 seconds (…)"; never contains a secret. */
  readonly reason: string;

  constructor(reason: string, options?: ErrorOptions) {
    super(
      `The OS keychain (${keychainName()}) is not available: ${reason}. ` +
        'Vigil can keep the token in memory for this session only.',
      options,
    );
    this.reason = reason;
  }
}

export function keychainName(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'macOS Keychain';
  if (platform === 'win32') return 'Windows Credential Manager';
  return 'Secret Service';
}

/** Programming errors, not user errors: an empty account or secret never reaches a store. */
export function checkAccount(account: string): void {
  if (account === '') throw new TypeError('A secret store account must not be empty.');
}

export function checkSecret(secret: string): void {
  if (secret === '') throw new TypeError('A secret must not be empty; delete it instead.');
}
