// The settings' acknowledgements changed in one place, for the app (which ends them as their items recover) and the
// command line (`vigil ack`, which gives and takes them back), so both keep the list the same way.
import type { Acknowledgement, Settings } from './settings-schema.ts';

/** The settings with `key` (a server item key) acknowledged at `at`; one acknowledged already keeps its first time. */
export function withAcknowledgement(settings: Settings, key: string, at: number): Settings {
  if (settings.acknowledgements.some((acknowledgement) => acknowledgement.key === key)) return settings;
  return { ...settings, acknowledgements: [...settings.acknowledgements, { key, at }] };
}

/**
 * The settings without these acknowledgements. One given with `at` is removed only while the settings hold it as
 * given then, so an acknowledgement given again since an item recovered is not taken with the old one.
 */
export function withoutAcknowledgements(settings: Settings, gone: readonly (Pick<Acknowledgement, 'key'> & Partial<Pick<Acknowledgement, 'at'>>)[]): Settings {
  const goes = (acknowledgement: Acknowledgement) => gone.some(({ key, at }) => key === acknowledgement.key && (at === undefined || at === acknowledgement.at));
  const kept = settings.acknowledgements.filter((acknowledgement) => !goes(acknowledgement));
  return kept.length === settings.acknowledgements.length ? settings : { ...settings, acknowledgements: kept };
}
