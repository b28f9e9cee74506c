// Settings: connections, polling and alerts, quiet hours, alerting defaults, the local service's email server (where there is one), your data
// (export and import) and about. Each section shows as soon as its own data has arrived; one that cannot be
// loaded says why, with "Try again".
import { PageHeader } from '../../components/page-header.tsx';
import { AboutSection } from './about-section.tsx';
import { ConnectionsSection } from './connections-section.tsx';
import { DataSection } from './data-section.tsx';
import { EmailSection } from './email-section.tsx';
import { PollingSection } from './polling-section.tsx';
import { QuietHoursSection } from './quiet-hours-section.tsx';
import { AlertingDefaultsSection } from './alerting-defaults-section.tsx';
import { SectionLoad } from './section-load.tsx';
import { SecretsKeptContext } from './secrets-kept.tsx';
import { useSettingsData } from './settings-data.ts';

export function SettingsView() {
  const { settings, connections, localService, refreshConnections } = useSettingsData();
  return (
    <section className="view view-settings" aria-labelledby="settings-title">
      <PageHeader title="Settings" titleId="settings-title">
        The servers Vigil watches, how it tells you, and this app.
      </PageHeader>
      <SecretsKeptContext.Provider value={settings.load.state === 'ready' ? settings.load.value.secrets : undefined}>
      <div className="settings-sections">
        {connections.load.state === 'ready' ? (
          <ConnectionsSection connections={connections.load.value} refresh={refreshConnections} />
        ) : (
          <SectionLoad title="Connections" load={connections.load} retry={connections.retry} />
        )}
        {settings.load.state === 'ready' ? (
          <>
            <PollingSection settings={settings.load.value} onSaved={settings.set} />
            <QuietHoursSection settings={settings.load.value} onSaved={settings.set} />
            <AlertingDefaultsSection settings={settings.load.value} onSaved={settings.set} />
          </>
        ) : (
          <SectionLoad title="Polling & alerts" load={settings.load} retry={settings.retry} />
        )}
        {/* Until it has loaded, whether this shell has a local service at all is unknown: no placeholder. */}
        {localService.load.state === 'failed' && <SectionLoad title="Email (local service)" load={localService.load} retry={localService.retry} />}
        {localService.load.state === 'ready' && localService.load.value.available && (
          <EmailSection localService={localService.load.value} onSaved={localService.set} />
        )}
        <DataSection />
        {settings.load.state === 'ready' && <AboutSection about={settings.load.value.about} />}
      </div>
      </SecretsKeptContext.Provider>
    </section>
  );
}
