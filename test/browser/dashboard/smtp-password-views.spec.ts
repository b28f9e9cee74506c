// The email server form when its server changes: the saved password is kept only for the server it was saved for,
// so the password field asks for it again (before a save is tried, and as the refusal after), light and dark,
// with no serious accessibility violations. The real core and service behind the built window.
import { expect, test, type Page } from '@playwright/test';
import { dashboardForFile, openDashboard, screenshot, seriousViolations } from './dashboard-fixture.ts';

const dashboard = dashboardForFile();
const rule = 'a saved password goes only to the server it was saved for';

test.beforeAll(async () => {
  await dashboard.fixture.calls.setLocalSmtp({ host: '127.0.0.1', port: 2525, security: 'none', user: 'alerts', from: 'vigil@example.com', password: 'pa55-Secret' });
});

const emailForm = (page: Page) => page.getByRole('form', { name: 'Email server' });

for (const scheme of ['light', 'dark'] as const) {
  test(`the password field asks for the password again when the server changes, in ${scheme}`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await openDashboard(page, dashboard, 'Settings');
    const form = emailForm(page);
    const password = form.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('placeholder', 'Saved — leave empty to keep');

    await form.getByRole('textbox', { name: 'SMTP host' }).fill('127.0.0.2');
    await form.getByRole('textbox', { name: 'Port' }).fill('2526');
    await expect(password).toHaveAttribute('placeholder', 'Type it again for this server');
    await expect(form.getByText(`Type the password again: the host and port changed, and ${rule}.`)).toBeVisible();
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, `smtp-password-retype-${scheme}`);
    expect(await seriousViolations(page), `email server form in ${scheme}`).toEqual([]);

    await form.getByRole('button', { name: 'Save email server' }).click();
    await expect(form.getByText(`Must be typed again: the host and port changed, and ${rule}.`)).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await screenshot(page, `smtp-password-retype-refused-${scheme}`);
    // Nothing was sent: the saved server is still the one the password was saved for.
    expect((await dashboard.fixture.calls.getLocalService()).smtp).toMatchObject({ host: '127.0.0.1', port: 2525, passwordSaved: true });
  });
}
