// Settings: connections, polling and alerts, the local service's email server (where there is one) and about,
// loaded together when the view opens.
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { AboutSection } from './about-section.tsx';
import { ConnectionsSection } from './connections-section.tsx';
import { EmailSection } from './email-section.tsx';
import { PollingSection } from './polling-section.tsx';
import { useSettingsData } from './settings-data.ts';

export function SettingsView() {
  const { load, retry, update, refreshConnections } = useSettingsData();
  return (
    <section className="view view-settings" aria-labelledby="settings-title">
      <PageHeader title="Settings" titleId="settings-title">
        The servers Vigil watches, how it tells you, and this app.
      </PageHeader>
      {load.state === 'loading' && <EmptyState title="Loading settings…" />}
      {load.state === 'failed' && (
        <EmptyState
          title="The settings could not be loaded"
          action={
            <button type="button" className="button button-primary" onClick={retry}>
              Try again
            </button>
          }
        >
          {load.message}
        </EmptyState>
      )}
      {load.state === 'ready' && (
        <div className="settings-sections">
          <ConnectionsSection connections={load.data.connections} refresh={refreshConnections} />
          <PollingSection settings={load.data.settings} onSaved={(settings) => update({ settings })} />
          {load.data.localService.available && <EmailSection localService={load.data.localService} onSaved={(localService) => update({ localService })} />}
          <AboutSection about={load.data.settings.about} />
        </div>
      )}
    </section>
  );
}
