// The sentence a person reads in a domain expiry alert.

export function expiryMessage(domain: string, expiresOn: string, daysLeft: number): string {
  if (daysLeft < 0) return `Domain ${domain} expired on ${expiresOn}`;
  if (daysLeft === 0) return `Domain ${domain} expires today (${expiresOn})`;
  return `Domain ${domain} expires in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} (${expiresOn})`;
}
