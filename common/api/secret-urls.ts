// The secrets an address may carry, and how an exported address reads without them (docs/client.md, "Your data
// out"): a password before the host, a query value whose name says it is secret, and the path of a chat service's
// webhook, which is itself the credential (Slack's, Discord's and Teams' incoming webhooks). Each is masked the way a
// secret header's value is (`maskSecret`), so one mask stands for every secret Vigil leaves out of a file, and the
// host, the path's route and the other query values stay in view, so a person still sees what the address was.
import { hasSecretWord, maskSecret } from './secret-headers.ts';

/** Beyond the words that make a header secret (`hasSecretWord`: token, key, secret…), the short query names that
 * are secrets on their own: a signature, an auth value, a password. */
const SECRET_QUERY_NAMES = new Set(['sig', 'signature', 'auth', 'pwd', 'pass', 'passcode']);

function isSecretQueryName(name: string): boolean {
  return hasSecretWord(name) || SECRET_QUERY_NAMES.has(name.toLowerCase());
}

const DISCORD_HOSTS = new Set(['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com']);

/**
 * Where the credential starts in a chat webhook's path (the index of its first secret segment), or undefined for
 * any other address. Slack: /services/T…/B…/secret; Discord: /api[/v10]/webhooks/id/token; Teams:
 * /webhookb2/…/IncomingWebhook/…/… on *.webhook.office.com (and the older outlook.office.com /webhook/…).
 */
function secretPathStart(host: string, segments: readonly string[]): number | undefined {
  if (host === 'hooks.slack.com') return 1;
  if (DISCORD_HOSTS.has(host)) {
    const webhooks = segments.indexOf('webhooks');
    return webhooks === -1 ? undefined : webhooks + 1;
  }
  if (host.endsWith('.webhook.office.com') || host === 'outlook.office.com' || host === 'outlook.office365.com') return 1;
  return undefined;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** An http(s) address in its parts, as written: scheme and `//`, userinfo, host and port, path, query, fragment. */
const HTTP_ADDRESS = /^(https?:\/\/)(?:([^/?#@]*)@)?([^/?#]*)([^?#]*)(?:\?([^#]*))?(#.*)?$/i;

/**
 * The address with its secrets masked, or the same text when it holds none (an address that is not an http(s) URL,
 * like a tcp monitor's `host:port` or an email handler's address, holds none here). Read as written, not
 * normalised, so what is not masked reads as it did; the mask is written as it is, never percent-encoded, so
 * `isMaskedValue` finds it in the file.
 */
export function maskUrlSecrets(address: string): string {
  const parts = HTTP_ADDRESS.exec(address);
  if (parts === null) return address;
  const [, start = '', userinfo, hostAndPort = '', path = '', query, fragment = ''] = parts;
  let masked = false;
  const mask = (name: string, value: string) => {
    masked = true;
    return maskSecret(name, decoded(value));
  };

  const colon = userinfo?.indexOf(':') ?? -1;
  const shownUserinfo = userinfo === undefined ? '' : `${colon === -1 || colon === userinfo.length - 1 ? userinfo : `${userinfo.slice(0, colon)}:${mask('password', userinfo.slice(colon + 1))}`}@`;
  const host = hostAndPort.replace(/:\d*$/, '').toLowerCase();
  const segments = path.split('/');
  // segments[0] is the empty text before the path's first slash.
  const secretFrom = secretPathStart(host, segments.slice(1));
  const shownPath = secretFrom === undefined ? path : segments.map((segment, index) => (index > secretFrom && segment !== '' ? mask('path', segment) : segment)).join('/');
  const shownQuery =
    query === undefined
      ? ''
      : `?${query
          .split('&')
          .map((pair) => {
            const equals = pair.indexOf('=');
            if (equals === -1 || equals === pair.length - 1 || !isSecretQueryName(decoded(pair.slice(0, equals)))) return pair;
            return `${pair.slice(0, equals)}=${mask(decoded(pair.slice(0, equals)), pair.slice(equals + 1))}`;
          })
          .join('&')}`;
  return masked ? `${start}${shownUserinfo}${hostAndPort}${shownPath}${shownQuery}${fragment}` : address;
}
