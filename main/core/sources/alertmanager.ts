// Reads Prometheus Alertmanager's `GET /api/v2/alerts` (a list of gettableAlert; docs/source-apis.md §5):
// one item per firing alert. Alertmanager never lists a resolved alert, so a recovery is an alert's fingerprint
// missing from the next answer; telling that is the poller's work, not this reader's.
import { readId, readText } from '../../../common/api/fields.ts';
import { isJsonObject, jsonKind, parseHttpUrl, parseList, type JsonObject, type ReadContext } from '../../../common/api/index.ts';
import { truncate } from '../health/index.ts';
import { readEpochMs } from './source-fields.ts';
import { SourceShapeError, type SourceHealth, type SourceItem, type SourceReading } from './source-reading.ts';

const MAX_SUMMARY_LENGTH = 200;

/**
 * `answer` is the parsed JSON; `baseUrl` the Alertmanager address as configured (with its route prefix, if any),
 * for the "Open in Alertmanager" link of alerts whose rule gave no usable link of its own.
 */
export function readAlertmanagerAlerts(answer: unknown, baseUrl: string): SourceReading {
  const read = parseList((object, context) => readAlert(object, context, baseUrl), answer);
  if (!read.ok) throw new SourceShapeError(`This Alertmanager answer is not a list of alerts: expected a JSON array, got ${jsonKind(answer)}.`);
  return { items: read.items.filter((item): item is SourceItem => item !== undefined), issues: read.issues };
}

function readAlert(object: JsonObject, context: ReadContext, baseUrl: string): SourceItem | undefined {
  // `state` is read first: a suppressed alert is left out whatever else is wrong with it.
  const status = isJsonObject(object.status) ? object.status : undefined;
  const state = status === undefined ? undefined : readText(status, 'state', { at: [...context.at, 'status'], issues: context.issues });
  // `suppressed` means silenced or inhibited: someone already said "I know", or a bigger alert covers it; showing it
  // would undo the silence. `unprocessed` is an alert not yet matched against silences and inhibitions: it may be
  // suppressed a moment from now, and if it is not, the next poll (seconds away) shows it as active.
  if (state === 'suppressed' || state === 'unprocessed') return undefined;
  if (state !== 'active') {
    // A listed alert with no state or a state this version does not know is kept: leaving it out would read as a
    // recovery, the one mistake a watcher must not make.
    const message = state === undefined ? 'no status.state: kept as firing' : `unknown status.state "${truncate(state, 40)}": kept as firing`;
    context.issues.push({ path: [...context.at, 'status', 'state'], message });
  }

  const id = readId(object, 'fingerprint', context);
  if (id === undefined) {
    context.issues.push({ path: [...context.at], message: 'skipped: an alert without a fingerprint' });
    return undefined;
  }
  const labels = readStringMap(object, 'labels', context);
  const annotations = readStringMap(object, 'annotations', context);
  const summary = firstLine(annotations.summary);
  const description = firstLine(annotations.description);
  const name = alertName(labels) ?? summary ?? `Alert ${id}`;
  const startsAt = readEpochMs(object, 'startsAt', context);
  return {
    id,
    name,
    kind: 'alert',
    health: healthOfSeverity(labels.severity),
    state: 'firing',
    // When the name is the summary already, the description says more.
    summary: (name === summary ? description : summary ?? description) ?? 'Firing',
    since: startsAt,
    webUrl: generatorUrl(object) ?? `${baseUrl.replace(/\/+$/, '')}/#/alerts`,
    labels,
  };
}

/**
 * `alertname` and, of the labels that say where it fires, the most telling: `instance` first, because it is what
 * tells apart two alerts of one rule (Prometheus adds it to every scraped series, so it is nearly always there);
 * then `service`, a person's own name for the thing; then `job`, which names a whole pool of targets.
 */
function alertName(labels: Record<string, string>): string | undefined {
  const alertname = labels.alertname?.trim();
  if (alertname === undefined || alertname === '') return undefined;
  const where = [labels.instance, labels.service, labels.job].map((label) => label?.trim()).find((label) => label !== undefined && label !== '');
  return where === undefined ? alertname : `${alertname} on ${where}`;
}

const CRITICAL_SEVERITIES = new Set(['critical', 'crit', 'page', 'error', 'emergency', 'fatal', 'high', 'major']);
const INFORMATIONAL_SEVERITIES = new Set(['info', 'informational', 'none']);

/**
 * The `severity` label is a convention, not part of Alertmanager, so common spellings are read case-insensitively.
 * `info` and `none` alerts are listed but are not problems (ok): by convention they ask for no one's attention, and
 * kube-prometheus' `Watchdog` (severity `none`) fires forever on purpose to prove the pipeline works; counting them
 * would keep the tray yellow for good. Any other firing alert, including one with no severity or a word Vigil does
 * not know ("P3", "minor"), is a warning: it fires, so it is a problem, but nothing says it is critical.
 */
function healthOfSeverity(severity: string | undefined): SourceHealth {
  const word = severity?.trim().toLowerCase();
  if (word === undefined) return 'warning';
  if (CRITICAL_SEVERITIES.has(word)) return 'critical';
  if (INFORMATIONAL_SEVERITIES.has(word)) return 'ok';
  return 'warning';
}

/**
 * The rule's own link (Prometheus' graph of the expression), when it is an http(s) address a browser can open
 * without credentials; anything else (empty, another scheme) falls back to Alertmanager's alert list, unreported,
 * as other senders leave it empty by design.
 */
function generatorUrl(object: JsonObject): string | undefined {
  const url = object.generatorURL;
  return typeof url === 'string' && parseHttpUrl(url).ok ? url : undefined;
}

/** Alertmanager's labels and annotations: string to string. A value of another type is dropped and reported. */
function readStringMap(object: JsonObject, key: string, context: ReadContext): Record<string, string> {
  const value = object[key];
  if (value === undefined || value === null) return {};
  if (!isJsonObject(value)) {
    context.issues.push({ path: [...context.at, key], message: `expected an object, got ${jsonKind(value)}` });
    return {};
  }
  const entries: [string, string][] = [];
  for (const [name, text] of Object.entries(value)) {
    if (typeof text === 'string') entries.push([name, text]);
    else context.issues.push({ path: [...context.at, key, name], message: `expected a string, got ${jsonKind(text)}` });
  }
  // fromEntries defines own properties, so even a label named `__proto__` is kept as a label.
  return Object.fromEntries(entries);
}

/** An annotation's first non-empty line, cut to a length a list can show. */
function firstLine(text: string | undefined): string | undefined {
  const line = text
    ?.split(/[\r\n\u2028\u2029]+/)
    .map((part) => part.replace(/\p{Cc}+/gu, ' ').trim())
    .find((part) => part !== '');
  return line === undefined ? undefined : truncate(line, MAX_SUMMARY_LENGTH);
}
