// The sentence a person reads in a domain expiry alert.

export function expiryMessage(domain: string, expiresOn: string, daysLeft: number): string {
  if (daysLeft < 0) return `Domain ${domain} expired on ${expiresOn}`;
  if (daysLeft === 0) return `Domain ${domain} expires today (${expiresOn})`;
  return `Domain ${domain} expires in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} (${expiresOn})`;
}

/** The history event's detail: "expires on 2026-12-08, in 14 days". */
export function expiryDetail(expiresOn: string, daysLeft: number): string {
  const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
  if (daysLeft < 0) return `expired on ${expiresOn}, ${days(-daysLeft)} ago`;
  if (daysLeft === 0) return `expires on ${expiresOn}, today`;
  return `expires on ${expiresOn}, in ${days(daysLeft)}`;
}
