// The Prometheus text scanner behind the Uptime Kuma reader: what it reads, what it skips, and how it reports.
import { describe, expect, it } from 'vitest';
import { parsePrometheusText } from '../../../main/core/sources/prometheus-text.ts';

// The example of the Prometheus exposition format documentation ("Text format example",
// prometheus.io/docs/instrumenting/exposition_formats/), also the README input of parse-prometheus-text-format.
const DOCUMENTATION_EXAMPLE = String.raw`# HELP http_requests_total The total number of HTTP requests.
# TYPE http_requests_total counter
http_requests_total{method="post",code="200"} 1027 1395066363000
http_requests_total{method="post",code="400"}    3 1395066363000

# Escaping in label values:
msdos_file_access_time_seconds{path="C:\\DIR\\FILE.TXT",error="Cannot find file:\n\"FILE.TXT\""} 1.458255915e9

# Minimalistic line:
metric_without_timestamp_and_labels 12.47

# A weird metric from before the epoch:
something_weird{problem="division by zero"} +Inf -3982045

# A histogram, which has a pretty complex representation in the text format:
# HELP http_request_duration_seconds A histogram of the request duration.
# TYPE http_request_duration_seconds histogram
http_request_duration_seconds_bucket{le="0.05"} 24054
http_request_duration_seconds_bucket{le="0.1"} 33444
http_request_duration_seconds_bucket{le="0.2"} 100392
http_request_duration_seconds_bucket{le="0.5"} 129389
http_request_duration_seconds_bucket{le="1"} 133988
http_request_duration_seconds_bucket{le="+Inf"} 144320
http_request_duration_seconds_sum 53423
http_request_duration_seconds_count 144320
`;

function plain(labels: Record<string, string> | undefined): Record<string, string> {
  return { ...labels };
}

describe('parsePrometheusText', () => {
  it('reads the documentation example: labels, escapes, values, timestamps', () => {
    const { samples, issues, names } = parsePrometheusText(DOCUMENTATION_EXAMPLE);
    expect(issues).toEqual([]);
    expect(samples).toHaveLength(13);
    expect(samples[0]).toMatchObject({ name: 'http_requests_total', value: 1027, timestampMs: 1395066363000, line: 3 });
    expect(plain(samples[0]?.labels)).toEqual({ method: 'post', code: '200' });
    expect(samples[1]).toMatchObject({ value: 3, timestampMs: 1395066363000 });
    expect(plain(samples[2]?.labels)).toEqual({ path: 'C:\\DIR\\FILE.TXT', error: 'Cannot find file:\n"FILE.TXT"' });
    expect(samples[2]?.value).toBe(1.458255915e9);
    expect(samples[3]).toMatchObject({ name: 'metric_without_timestamp_and_labels', value: 12.47 });
    expect(samples[3]?.timestampMs).toBeUndefined();
    expect(plain(samples[3]?.labels)).toEqual({});
    expect(samples[4]).toMatchObject({ name: 'something_weird', value: Number.POSITIVE_INFINITY, timestampMs: -3982045 });
    expect(plain(samples[10]?.labels)).toEqual({ le: '+Inf' });
    expect(names).toEqual(
      new Set([
        'http_requests_total',
        'msdos_file_access_time_seconds',
        'metric_without_timestamp_and_labels',
        'something_weird',
        'http_request_duration_seconds',
        'http_request_duration_seconds_bucket',
        'http_request_duration_seconds_sum',
        'http_request_duration_seconds_count',
      ]),
    );
  });

  it.each([
    ['NaN', Number.NaN],
    ['Nan', Number.NaN],
    ['+Inf', Number.POSITIVE_INFINITY],
    ['-Inf', Number.NEGATIVE_INFINITY],
    ['Inf', Number.POSITIVE_INFINITY],
    ['-1', -1],
    ['0.5', 0.5],
    ['.5', 0.5],
    ['1e-3', 0.001],
    ['-2.5E+2', -250],
  ])('reads the value %s', (text, value) => {
    const { samples, issues } = parsePrometheusText(`m ${text}\n`);
    expect(issues).toEqual([]);
    expect(samples[0]?.value).toBe(value);
  });

  it('keeps labels in any order, with blanks around them and a trailing comma', () => {
    const { samples, issues } = parsePrometheusText('m{ b = "2" ,\ta="1", } 7\nm{a="1",b="2"} 8\nm {} 9 \n');
    expect(issues).toEqual([]);
    expect(samples.map((sample) => plain(sample.labels))).toEqual([{ b: '2', a: '1' }, { a: '1', b: '2' }, {}]);
    expect(samples.map((sample) => sample.value)).toEqual([7, 8, 9]);
  });

  it('passes over blank lines, comments and CRLF line ends, counting lines as a person does', () => {
    const text = '# HELP m A metric\r\n# TYPE m gauge\r\n\r\n   \r\n# just a comment\r\nm{a="x"} 1\r\n  m 2 100\r\nbroken\r\n';
    const { samples, issues, names } = parsePrometheusText(text);
    expect(samples.map((sample) => [sample.line, sample.value, sample.timestampMs])).toEqual([
      [6, 1, undefined],
      [7, 2, 100],
    ]);
    expect(plain(samples[0]?.labels)).toEqual({ a: 'x' });
    expect(issues).toEqual([{ path: ['line', 8], message: 'skipped a malformed line: expected a value' }]);
    expect(names).toEqual(new Set(['m', 'broken']));
  });

  it('reads a last line without a line break', () => {
    expect(parsePrometheusText('a 1\nb 2').samples.map((sample) => sample.name)).toEqual(['a', 'b']);
  });

  it('gives a label named like an object property no special meaning', () => {
    const { samples, issues } = parsePrometheusText('m{__proto__="x",constructor="y"} 1\n');
    expect(issues).toEqual([]);
    expect(samples[0]?.labels.__proto__).toBe('x');
    expect(samples[0]?.labels.constructor).toBe('y');
  });

  it.each([
    ['m{a="1"', 'expected , or } after a label'],
    ['m{a="1} 2', 'a label value has no closing quote'],
    ['m{a=1} 2', 'expected a quoted value for label a'],
    ['m{a"1"} 2', 'expected = after label a'],
    ['m{1a="1"} 2', 'expected a label name'],
    ['m{a="1",a="2"} 2', 'label a appears twice'],
    [String.raw`m{a="\t"} 2`, String.raw`expected \\, \" or \n after a backslash in a label value`],
    ['m', 'expected a value'],
    ['m twelve', '"twelve" is not a number'],
    ['m 0x10', '"0x10" is not a number'],
    ['m 1 soon', '"soon" is not a timestamp in milliseconds'],
    ['m 1 1.5', '"1.5" is not a timestamp in milliseconds'],
    ['m 1 100 extra', 'unexpected text after the timestamp'],
    ['{a="1"} 2', 'expected a metric name'],
    ['<!DOCTYPE html>', 'expected a metric name'],
  ])('skips %j and says why', (line, reason) => {
    const { samples, issues } = parsePrometheusText(`good 1\n${line}\nalso_good 2\n`);
    expect(samples.map((sample) => sample.name)).toEqual(['good', 'also_good']);
    expect(issues).toEqual([{ path: ['line', 2], message: `skipped a malformed line: ${reason}` }]);
  });

  it('reports the first ten malformed lines and counts the rest', () => {
    const html = Array.from({ length: 25 }, (_, index) => `<p>line ${index}</p>`).join('\n');
    const { samples, issues } = parsePrometheusText(html);
    expect(samples).toEqual([]);
    expect(issues).toHaveLength(11);
    expect(issues[9]?.path).toEqual(['line', 10]);
    expect(issues[10]).toEqual({ path: [], message: 'skipped 15 more malformed lines' });
  });

  it('reads only the families kept, without checking the others past their name', () => {
    const text = 'process_cpu_seconds_total 12\nmonitor_status{monitor_id="1"} 1\nnodejs_heap{broken 3\n# TYPE monitor_cert_is_valid gauge\n';
    const { samples, issues, names } = parsePrometheusText(text, (name) => name.startsWith('monitor_'));
    expect(samples.map((sample) => sample.name)).toEqual(['monitor_status']);
    expect(issues).toEqual([]);
    expect(names).toEqual(new Set(['process_cpu_seconds_total', 'monitor_status', 'nodejs_heap', 'monitor_cert_is_valid']));
  });

  it('reads an answer of 5,000 monitors whole', () => {
    const families = ['monitor_cert_days_remaining', 'monitor_response_time', 'monitor_status'];
    let text = '';
    for (const family of families) {
      text += `# HELP ${family} Help\n# TYPE ${family} gauge\n`;
      for (let id = 1; id <= 5000; id++) {
        text += `${family}{env="prod",monitor_id="${id}",monitor_name="Service \\"${id}\\"",monitor_type="http",monitor_url="https://s${id}.example.com/",monitor_hostname="null",monitor_port="null"} ${id % 4}\n`;
      }
      text += '\n';
    }
    const { samples, issues } = parsePrometheusText(text);
    expect(issues).toEqual([]);
    expect(samples).toHaveLength(15_000);
    const last = samples.at(-1);
    expect(last).toMatchObject({ name: 'monitor_status', value: 0 });
    expect(last?.labels.monitor_name).toBe('Service "5000"');
    expect(last?.labels.monitor_url).toBe('https://s5000.example.com/');
  });
});
