// Why an RDAP lookup failed: a stable `reason` for code and logs, a short message for people.

export type RdapFailureReason =
  | 'unsupported-tld'
  | 'not-found'
  | 'rate-limited'
  | 'unreachable'
  | 'bad-response'
  | 'timeout';

export class RdapLookupError extends Error {
  override readonly name = 'RdapLookupError';
  readonly reason: RdapFailureReason;

  constructor(reason: RdapFailureReason, message: string, options?: ErrorOptions) {
    super(message, options);
    this.reason = reason;
  }
}
