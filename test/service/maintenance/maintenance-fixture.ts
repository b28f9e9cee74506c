// A service in-process on a clock the test moves, with a real local target to check, a real webhook receiver and
// a real SMTP server as its handlers, and a token that lives as long as the test's clock runs.
import { rmSync } from 'node:fs';
import { loadOrCreateSigningKey } from '../../../service/auth/signing-key.ts';
import { issueToken } from '../../../service/auth/tokens.ts';
import type { ServiceConfig } from '../../../service/service-config.ts';
import { startHttpTarget, type HttpTarget } from '../../helpers/local-targets.ts';
import { advanceUntil, manualClock, type ManualClock } from '../../helpers/manual-clock.ts';
import { startTestService, type ApiResponse, type TestService } from '../../helpers/service-harness.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../helpers/smtp-receiver.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver.ts';

export interface MaintenanceWindowJson {
  id: string;
  item?: string;
  item_name?: string;
  starts_at: string;
  ends_at: string | null;
  repeat?: { days: number[]; start: string; end: string; timezone: string };
  reason?: string;
  ended_at?: string;
  created_at: string;
  active: boolean;
}

export interface MaintenanceFixture {
  clock: ManualClock;
  service: TestService;
  target: HttpTarget;
  webhook: WebhookReceiver;
  smtp: SmtpReceiver;
  api(path: string, init?: Parameters<TestService['api']>[1]): Promise<ApiResponse>;
  /** Creates an http monitor on the target (every 10 s) and waits until it is up; `endTest` deletes it. */
  upMonitor(name: string): Promise<string>;
  /** Has `endTest` delete what the test created at that API path (`/maintenance/<id>`, …). */
  deleteAfterTest(path: string): void;
  /**
   * Ends a test so that the next starts clean: deletes what the test created, brings the target back up, lets
   * deliveries in flight arrive, and forgets what the webhook receiver and the SMTP server heard.
   */
  endTest(): Promise<void>;
  statusOf(monitorId: string): Promise<string>;
  /** Moves the clock until the monitor's status is `status`. */
  waitForStatus(monitorId: string, status: 'up' | 'down'): Promise<void>;
  startMaintenance(body: Record<string, unknown>): Promise<MaintenanceWindowJson>;
  /** The webhook events received so far, as `event subject-name`. */
  told(): string[];
  /** Lets deliveries in flight arrive. */
  deliveries(): Promise<void>;
  /** Stops the service and starts it again on the same data dir and clock, after `whileStopped` if given. */
  restart(whileStopped?: () => void): Promise<void>;
  close(): Promise<void>;
}

const tokenSeconds = 400 * 86_400;

export const minute = 60_000;
/** A moment as the API writes it (`ends_at`, `created_at`, …). */
export const at = (ms: number) => new Date(ms).toISOString();

export async function openMaintenanceFixture(startMs: number, overrides: Partial<ServiceConfig> = {}): Promise<MaintenanceFixture> {
  const [target, webhook, smtp] = await Promise.all([startHttpTarget(), startWebhookReceiver(), startSmtpReceiver()]);
  const clock = manualClock(startMs);
  const config: Partial<ServiceConfig> = {
    failuresToConfirmDown: 1,
    smtp: { host: '127.0.0.1', port: smtp.port, security: 'none', from: 'vigil@example.com' },
    ...overrides,
  };
  let service = await startTestService(config, { clock });
  const dataDir = service.dataDir;
  const token = await issueToken(loadOrCreateSigningKey(dataDir), tokenSeconds);
  const api: MaintenanceFixture['api'] = (path, init = {}) => service.api(path, { token, ...init });
  await api('/notifications', { method: 'POST', body: { name: 'hook', type: 'webhook', destination: webhook.url } });
  await api('/notifications', { method: 'POST', body: { name: 'mail', type: 'email', destination: 'ops@example.com' } });

  const statusOf = async (id: string) => ((await api(`/monitors/${id}`)).json as { last_status: string }).last_status;
  const waitForStatus = (id: string, status: 'up' | 'down') => advanceUntil(clock, async () => (await statusOf(id)) === status, { pauseMs: 15 });
  // The service decides an alert in the same step that changes what its API answers (a check's result, a timer of
  // the clock), so once a test has seen that change every delivery has started, and an idle dispatcher has
  // finished them all: a positive sign, with no time allowed for guessing.
  const deliveries = () => service.dispatcher.idle();
  const createdByTest: string[] = [];

  return {
    clock,
    get service() {
      return service;
    },
    target,
    webhook,
    smtp,
    api,
    async upMonitor(name) {
      const created = await api('/monitors', { method: 'POST', body: { name, type: 'http', url: target.url, frequency: 10 } });
      const id = (created.json as { id: string }).id;
      createdByTest.push(`/monitors/${id}`);
      await waitForStatus(id, 'up');
      return id;
    },
    deleteAfterTest: (path) => createdByTest.push(path),
    async endTest() {
      for (const path of createdByTest.splice(0)) await api(path, { method: 'DELETE' });
      target.setUp(true);
      await deliveries();
      webhook.requests.length = 0;
      smtp.messages.length = 0;
    },
    statusOf,
    waitForStatus,
    async startMaintenance(body) {
      const response = await api('/maintenance', { method: 'POST', body });
      if (response.status !== 201) throw new Error(`POST /maintenance answered ${response.status}: ${response.text}`);
      return response.json as MaintenanceWindowJson;
    },
    told: () =>
      webhook.requests.map((request) => {
        const body = request.body as { event: string; subject: { name?: string; domain?: string } };
        return `${body.event} ${body.subject.name ?? body.subject.domain ?? ''}`;
      }),
    deliveries,
    async restart(whileStopped) {
      await deliveries();
      await service.close();
      whileStopped?.();
      service = await startTestService({ ...config, dataDir }, { clock });
    },
    async close() {
      await service.close();
      await Promise.all([target.close(), webhook.close(), smtp.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
