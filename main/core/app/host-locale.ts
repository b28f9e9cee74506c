// The computer's locale, for what Vigil writes outside a window (the tray, notifications, the CLI's text): the
// environment's (LC_ALL, LC_TIME, LANG) where it names one, else Intl's own default. The zone needs nothing: Intl
// follows TZ and the system's.
import { localeOfEnvironment } from '../../../common/format/clock-time.ts';

export function hostLocale(): string | undefined {
  return localeOfEnvironment(process.env);
}
