// `vigil test-email` as a real process against a real SMTP server on 127.0.0.1: one sentence on stdout (exit 0)
// or the server's answer on stderr (exit 1), the password only ever from VIGIL_SMTP_PASSWORD and never printed.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runVigil } from '../../helpers/service-process.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../helpers/smtp-receiver.ts';
import { tempFolders } from '../../helpers/temp-folders.ts';

const freshDataDir = tempFolders('vigil-test-email-');
let receiver: SmtpReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

function dataDirWith(config: Record<string, unknown> | undefined): string {
  const dir = freshDataDir();
  if (config !== undefined) writeFileSync(path.join(dir, 'config.json'), JSON.stringify(config));
  return dir;
}

const smtpOn = (port: number, extra: Record<string, unknown> = {}) => ({ smtp: { host: '127.0.0.1', port, security: 'none', from: 'vigil@example.com', ...extra } });

async function testEmail(dataDir: string, env: NodeJS.ProcessEnv = {}, to = 'ops@example.com') {
  return runVigil(['test-email', '--to', to, '--data-dir', dataDir], { env: { VIGIL_SMTP_PASSWORD: '', ...env } }).exited;
}

describe('vigil test-email', () => {
  it('sends one test message, logging in with the password from VIGIL_SMTP_PASSWORD, and prints the answer', async () => {
    receiver = await startSmtpReceiver({ credentials: { user: 'alerts', password: 'pa55-secret' } });
    const dataDir = dataDirWith(smtpOn(receiver.port, { user: 'alerts' }));
    const { code, stdout, stderr } = await testEmail(dataDir, { VIGIL_SMTP_PASSWORD: 'pa55-secret' });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(new RegExp(`^127\\.0\\.0\\.1:${receiver.port} accepted the test email to ops@example\\.com: 250 [^\\n]+\\.\\n$`));
    const [email] = await receiver.waitFor(1);
    expect(email).toMatchObject({ envelopeFrom: 'vigil@example.com', envelopeTo: ['ops@example.com'], user: 'alerts', subject: '[Vigil] Test email' });
    expect(email?.text).toContain('This is a test email from Vigil.');
  });

  it('prints the server\'s refusal of the login as one sentence on stderr, without the password', async () => {
    receiver = await startSmtpReceiver({ credentials: { user: 'alerts', password: 'right-one' } });
    const dataDir = dataDirWith(smtpOn(receiver.port, { user: 'alerts' }));
    const { code, stdout, stderr } = await testEmail(dataDir, { VIGIL_SMTP_PASSWORD: 'wrong-secret' });
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^Could not send the test email through 127\\.0\\.0\\.1:${receiver.port}: Invalid login: 535 .*\\.$`))]);
    expect(stderr).not.toContain('wrong-secret');
    expect(receiver.messages).toHaveLength(0);
  });

  it('says when the SMTP server cannot be reached', async () => {
    const stopped = await startSmtpReceiver();
    await stopped.close();
    const { code, stderr } = await testEmail(dataDirWith(smtpOn(stopped.port)));
    expect(code).toBe(1);
    expect(stderr).toBe(`Could not send the test email through 127.0.0.1:${stopped.port}: connect ECONNREFUSED 127.0.0.1:${stopped.port}.\n`);
  });

  it('says what is missing when there is no SMTP server, or a user without a password', async () => {
    const none = dataDirWith({ rdapAllowHttp: true });
    expect(await testEmail(none)).toEqual({ code: 1, stdout: '', stderr: `No SMTP server is set up: add "smtp" to ${path.join(none, 'config.json')}.\n` });
    const noPassword = await testEmail(dataDirWith(smtpOn(25, { user: 'alerts' })));
    expect(noPassword).toEqual({ code: 1, stdout: '', stderr: 'The SMTP settings name a user but no password was given: set VIGIL_SMTP_PASSWORD.\n' });
    const broken = dataDirWith(undefined);
    writeFileSync(path.join(broken, 'config.json'), '{ "smtp": ');
    expect((await testEmail(broken)).stderr).toMatch(/config\.json is not valid JSON at line 1, column 11 \(the text ends before the JSON is complete\)\.\n$/);
  });

  it('refuses a missing or malformed --to before it sends anything', async () => {
    const dataDir = dataDirWith(undefined);
    const missing = await runVigil(['test-email', '--data-dir', dataDir]).exited;
    expect(missing).toEqual({ code: 2, stdout: '', stderr: 'vigil test-email: --to is needed: the address to send the test email to\n' });
    const list = await testEmail(dataDir, {}, 'a@example.com,b@example.com');
    expect(list).toEqual({ code: 2, stdout: '', stderr: 'vigil test-email: --to must be a single email address, like you@example.com\n' });
  });
});
