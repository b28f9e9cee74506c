// Well-known public status pages, each added with one click (issue 21, point 4): pages that answer Statuspage's
// `/api/v2/summary.json`, as their own API documentation or many public clients show (docs/source-apis.md §6). Pages
// whose vendor is uncertain (OpenAI's, now on incident.io with a look-alike API) are left out; providers move, so a
// page that stops answering is that source's "cannot tell", never an item shown up.

export interface PublicStatusPage {
  /** The service whose health the page tells, as the person knows it. */
  name: string;
  baseUrl: string;
  kind: 'statuspage';
}

export const PUBLIC_STATUS_PAGES: readonly PublicStatusPage[] = [
  { name: 'GitHub', baseUrl: 'https://www.githubstatus.com', kind: 'statuspage' },
  { name: 'Cloudflare', baseUrl: 'https://www.cloudflarestatus.com', kind: 'statuspage' },
  { name: 'npm', baseUrl: 'https://status.npmjs.org', kind: 'statuspage' },
  { name: 'Atlassian', baseUrl: 'https://status.atlassian.com', kind: 'statuspage' },
  { name: 'DigitalOcean', baseUrl: 'https://status.digitalocean.com', kind: 'statuspage' },
  { name: 'Discord', baseUrl: 'https://discordstatus.com', kind: 'statuspage' },
  { name: 'Dropbox', baseUrl: 'https://status.dropbox.com', kind: 'statuspage' },
  { name: 'Twilio', baseUrl: 'https://status.twilio.com', kind: 'statuspage' },
];
