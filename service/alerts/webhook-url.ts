// Webhook destinations: checked before use, and reduced to a form that is safe to log.

/** Throws without echoing the URL, which may carry a secret token. */
export function parseWebhookUrl(destination: string): URL {
  const url = URL.parse(destination);
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error('Webhook destination is not an http(s) URL');
  }
  if (url.username !== '' || url.password !== '') {
    throw new Error(`Webhook destination ${loggableUrl(url)} carries credentials in the URL, which are not supported`);
  }
  return url;
}

/**
 * Origin only: besides the query string, services such as Slack and Discord put the secret in the path
 * (https://hooks.slack.com/services/T…/B…/secret).
 */
export function loggableUrl(url: URL): string {
  return url.origin;
}
