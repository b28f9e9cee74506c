// About: which Vigil this is, where it runs, and where its log is (to copy into a bug report).
import { useId } from 'react';
import type { AboutView } from '../../../common/ipc/settings.ts';
import { CopyableText } from '../../components/copyable-text.tsx';

const shellNames: Record<AboutView['shell'], string> = { desktop: 'Desktop app', browser: 'Browser mode (vigil web)' };

export function AboutSection({ about }: { about: AboutView }) {
  const titleId = useId();
  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <h2 id={titleId}>About</h2>
      <dl className="about-list">
        <dt>Version</dt>
        <dd>{about.version}</dd>
        <dt>Running as</dt>
        <dd>{shellNames[about.shell]}</dd>
      </dl>
      {about.logFile === undefined ? (
        <p className="field-hint">This app writes no log file.</p>
      ) : (
        <CopyableText label="Log file" text={about.logFile} hint="Attach it when you report a problem; it never contains tokens or passwords." />
      )}
    </section>
  );
}
