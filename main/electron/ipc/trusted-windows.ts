// The web contents of Vigil's own windows: the only ones whose calls are served and that receive events.
// A window leaves the set when its web contents is destroyed.
import { isAppUrl } from '../security/app-protocol.ts';

export interface TrustedContents {
  readonly id: number;
  readonly mainFrame: { readonly url: string };
  isDestroyed(): boolean;
  send(channel: string, ...args: unknown[]): void;
  once(event: 'destroyed', listener: () => void): unknown;
}

export class TrustedWindows {
  readonly #contents = new Map<number, TrustedContents>();

  add(contents: TrustedContents): void {
    this.#contents.set(contents.id, contents);
    contents.once('destroyed', () => this.#contents.delete(contents.id));
  }

  has(id: number): boolean {
    const contents = this.#contents.get(id);
    return contents !== undefined && !contents.isDestroyed();
  }

  /** Trusted windows showing the app's page now: where events may go. */
  *showingApp(): Iterable<TrustedContents> {
    for (const contents of this.#contents.values()) {
      if (!contents.isDestroyed() && isAppUrl(contents.mainFrame.url)) yield contents;
    }
  }
}
