// Reading the history extension's answers that are not a plain item or list: `GET /capabilities` and a monitor's
// series (an object holding a list). Tolerant as every reader: a bad point is skipped and reported.
import { isJsonObject, parseList, readCapabilities, readSeriesPoint, type Capabilities, type Issue, type Series } from '../../../common/api/index.ts';
import type { ClientErrorInfo } from '../model/snapshot.ts';
import type { ApiResponse } from './http-request.ts';
import { parseJsonBody, shapeError } from './parse-json.ts';

export function capabilitiesReply(response: ApiResponse, label: string): Capabilities {
  return readCapabilities(parseJsonBody(response, label));
}

/**
 * How a server without the extension answers `GET /capabilities`: nothing there (404, 405, 501), a refusal of the
 * path as made (another 4xx), or a page that is not the API's JSON (a catch-all HTML page).
 */
export function meansNoExtensions(info: ClientErrorInfo): boolean {
  return info.kind === 'not-found' || info.kind === 'bad-request' || info.kind === 'protocol-error' || info.status === 501;
}

export function seriesReply(response: ApiResponse, label: string): { series: Series; issues: Issue[] } {
  const json = parseJsonBody(response, label);
  if (!isJsonObject(json)) throw shapeError(response.status, label, { code: 'expected_object', message: 'expected a JSON object' });
  const step = json.step_seconds;
  const points = parseList(readSeriesPoint, json.points ?? []);
  if (!points.ok) throw shapeError(response.status, label, points.error);
  const issues = points.issues.map((issue) => ({ ...issue, path: ['points', ...issue.path] }));
  const stepSeconds = typeof step === 'number' && Number.isFinite(step) && step > 0 ? step : undefined;
  if (step !== undefined && step !== null && stepSeconds === undefined) issues.push({ path: ['step_seconds'], message: 'expected a number above 0' });
  return { series: { step_seconds: stepSeconds, points: points.items }, issues };
}
