// A JSON file in a folder the caller names, validated by a zod schema that gives every field a default. It is
// written atomically (atomically's write: a temporary file renamed over it; mode 0600; the folder and the file, with
// its backups, are made private to the user when the store opens, common/private-files.ts); reads go through the schema, so a corrupt or hand-edited file is repaired:
// the bad file is kept next to it as `<name>.json.corrupt-<time>.bak`, invalid fields go back to their defaults,
// and a warning says what happened, for the log and for the UI.
import fs, { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { writeFileSync as writeFileAtomically } from 'atomically';
import type { z } from 'zod';
import type { Clock } from '../../../common/clock.ts';
import { describeJsonSyntaxFault, readJsonText } from '../../../common/json-syntax.ts';
import type { Logger } from '../../../common/logger.ts';
import { privateFileMode, privateFolderMode, tightenPrivateFolder } from '../../../common/private-files.ts';
import { describeIssues } from './issues.ts';
import { repairValue } from './repair-value.ts';

export interface JsonFileStoreOptions<T> {
  /** The folder the file lives in; created (mode 0700) when missing, made 0700 when it is not. */
  directory: string;
  /** The file name without `.json`, e.g. `settings`. */
  name: string;
  /** Must accept `{}`: what it makes of that is the default of every field. */
  schema: z.ZodType<T>;
  logger: Logger;
  /** Names the backup of a bad file. */
  clock?: Pick<Clock, 'now'>;
  /** Brings a file written by an older version to the current form before the schema reads it; `newer` says the
   * file was written by a newer version (then it is read as far as understood and never written). */
  upgrade?: (raw: unknown) => Upgrade;
}

export interface Upgrade {
  value: unknown;
  upgraded: boolean;
  newer?: boolean;
}

export type ChangeListener<T> = (next: T, previous: T) => void;

/** A value a caller tried to store that the schema refuses; the message names the field. */
export class InvalidValueError extends Error {
  override readonly name = 'InvalidValueError';
}

/** The file exists but cannot be read (permissions, a folder in its place); Vigil leaves it alone. */
export class StoreFileError extends Error {
  override readonly name = 'StoreFileError';
}

/** `repaired`: the file is to be written back (fixed, or upgraded from an older version); `newer`: it must not be. */
type Loaded<T> = { value: T; repaired: boolean; newer?: boolean };

export class JsonFileStore<T extends Record<string, unknown>> {
  /** The file's full path. */
  readonly path: string;
  readonly #schema: z.ZodType<T>;
  readonly #defaults: T;
  readonly #logger: Logger;
  readonly #clock: Pick<Clock, 'now'>;
  readonly #upgrade: (raw: unknown) => Upgrade;
  readonly #listeners = new Set<ChangeListener<T>>();
  readonly #warnings: string[] = [];
  /** The last text read or written and what it parsed to (frozen): the file is read on every call, parsed only when it changed. */
  #parsed: { text: string; loaded: Loaded<T> } | undefined;
  /** The value the listeners last heard of: a change another process wrote is told against it, once. */
  #told: T;
  /** Watches the folder while anyone listens, so a change the CLI writes reaches a running app at once. */
  #watcher: FSWatcher | undefined;
  #tellPending = false;

  constructor(options: JsonFileStoreOptions<T>) {
    this.path = path.join(options.directory, `${options.name}.json`);
    this.#schema = options.schema;
    this.#defaults = options.schema.parse({});
    this.#logger = options.logger;
    this.#clock = options.clock ?? { now: () => Date.now() };
    this.#upgrade = options.upgrade ?? ((value) => ({ value, upgraded: false }));
    mkdirSync(options.directory, { recursive: true, mode: privateFolderMode });
    // The folder may have been made, or the file left readable, before Vigil kept them private.
    for (const problem of tightenPrivateFolder(fs, options.directory, [path.basename(this.path)], process.platform)) this.#logger.warn(problem);
    const initial = this.#load();
    if (initial.repaired) this.#write(initial.value);
    this.#told = initial.value;
  }

  /**
   * What the file holds now (read afresh, so changes by the CLI or the app are seen), with defaults filled in. While
   * the file is unchanged the same frozen value comes back, so readers may keep what they derive from it by identity.
   */
  read(): T {
    const loaded = this.#load();
    if (!loaded.repaired) return loaded.value;
    this.#write(loaded.value);
    return this.#parsed?.loaded.value ?? loaded.value;
  }

  /** Applies a change to the current value and writes it; throws InvalidValueError (nothing written) if invalid. */
  update(change: (current: T) => T): T {
    const loaded = this.#load();
    if (loaded.newer === true) throw new InvalidValueError(`${path.basename(this.path)} was written by a newer version of Vigil; this version does not change it. Update Vigil to change settings.`);
    if (loaded.repaired) this.#write(loaded.value);
    const previous = loaded.value;
    const result = this.#schema.safeParse(change(structuredClone(previous)));
    if (!result.success) throw new InvalidValueError(describeIssues(result.error.issues));
    const next = result.data;
    if (isDeepStrictEqual(next, previous)) return next;
    this.#write(next);
    this.#tell(next);
    return next;
  }

  /**
   * Writes a whole value the caller built, without reading the file first, validating or comparing: for a file this
   * process alone writes after every change (the alert state, after each poll), where reading, repairing, copying and
   * comparing all of it again cost many times the write (a 1 MB state, ten servers, every round). Change listeners
   * are not told: a file written this way has none. Nothing is written over a file from a newer version.
   */
  replace(value: T): void {
    if (this.#parsed?.loaded.newer === true) throw new InvalidValueError(`${path.basename(this.path)} was written by a newer version of Vigil; this version does not change it.`);
    this.#writeText(serialise(value));
  }

  /**
   * Called after each change: an update here at once, a change another process wrote (`vigil login` while the app
   * runs) as soon as the folder's watcher or any read sees it. Returns the unsubscribe function.
   */
  onDidChange(listener: ChangeListener<T>): () => void {
    this.#listeners.add(listener);
    this.#watch();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) this.#unwatch();
    };
  }

  /** Every repair since this store was opened, one sentence each, for the UI to show. */
  get warnings(): readonly string[] {
    return [...this.#warnings];
  }

  #load(): Loaded<T> {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if (isErrnoException(error) && error.code === 'ENOENT') {
        return { value: structuredClone(this.#defaults), repaired: false };
      }
      throw new StoreFileError(`Vigil cannot read ${this.path}: ${reasonOf(error)}.`, { cause: error });
    }
    if (this.#parsed?.text === text) return this.#parsed.loaded;
    const loaded = this.#parse(text);
    if (!loaded.repaired) this.#parsed = { text, loaded: { ...loaded, value: deepFreeze(loaded.value) } };
    // Only another process (or a hand edit) makes the file differ from what was last read or written here.
    if (this.#listeners.size > 0) this.#tellSoon();
    return this.#parsed?.text === text ? this.#parsed.loaded : loaded;
  }

  /** Tells the listeners after the current call: a read may run in the middle of building something from the value. */
  #tellSoon(): void {
    if (this.#tellPending) return;
    this.#tellPending = true;
    queueMicrotask(() => {
      this.#tellPending = false;
      this.#tell(this.read());
    });
  }

  #tell(next: T): void {
    if (isDeepStrictEqual(next, this.#told)) return;
    const previous = this.#told;
    this.#told = next;
    for (const listener of this.#listeners) {
      try {
        listener(structuredClone(next), structuredClone(previous));
      } catch (error) {
        this.#logger.error('A listener for changes to a stored file failed.', {
          file: this.path,
          error: String(error),
        });
      }
    }
  }

  /**
   * The folder, not the file, is watched: a write renames a new file over the old one, which ends a watch on the file
   * itself on some systems. Without a watcher (the system refused one) the next read still sees the change.
   */
  #watch(): void {
    if (this.#watcher !== undefined) return;
    const name = path.basename(this.path);
    try {
      this.#watcher = fs.watch(path.dirname(this.path), { persistent: false }, (_event, changed) => {
        if (changed === null || changed === name) this.#readAfterChange();
      });
      this.#watcher.on('error', (error) => {
        this.#logger.warn(`Vigil stopped watching ${this.path} for changes by other processes; it sees them when it next reads it.`, { error: String(error) });
        this.#unwatch();
      });
    } catch (error) {
      this.#logger.warn(`Vigil cannot watch ${this.path} for changes by other processes; it sees them when it next reads it.`, { error: String(error) });
    }
  }

  #unwatch(): void {
    this.#watcher?.close();
    this.#watcher = undefined;
  }

  /**
   * An editor that saves in place empties the file before it writes it, and the watcher may look in between: text
   * that is not JSON is left for a later read to judge rather than taken for a broken file and set aside.
   */
  #readAfterChange(): void {
    try {
      if (!readJsonText(readFileSync(this.path, 'utf8')).ok) return;
      this.read();
    } catch (error) {
      if (isErrnoException(error) && error.code === 'ENOENT') return;
      this.#logger.warn(`Vigil cannot read ${this.path} after it changed.`, { error: String(error) });
    }
  }

  #parse(text: string): Loaded<T> {
    // The parser's own message quotes the text around the fault: the warning names the place only.
    const json = readJsonText(text);
    if (!json.ok) {
      const fix = `the file is not valid JSON at ${describeJsonSyntaxFault(json.fault)}, so everything was reset to the defaults`;
      return this.#repaired(structuredClone(this.#defaults), [fix]);
    }
    const upgrade = this.#upgrade(json.value);
    if (upgrade.newer === true) return this.#fromNewerVersion(upgrade.value);
    if (upgrade.upgraded) this.#keepBeforeUpgrade();
    const { value, fixes } = repairValue(this.#schema, this.#defaults, upgrade.value);
    return fixes.length === 0 ? { value, repaired: upgrade.upgraded } : this.#repaired(value, fixes);
  }

  /** Read as far as this version understands; nothing is moved aside or written back, so nothing of it is lost. */
  #fromNewerVersion(raw: unknown): Loaded<T> {
    const warning = `${this.path} was written by a newer version of Vigil: this version reads what it understands and leaves the file as it is.`;
    if (!this.#warnings.includes(warning)) {
      this.#warnings.push(warning);
      this.#logger.warn(warning);
    }
    return { value: repairValue(this.#schema, this.#defaults, raw).value, repaired: false, newer: true };
  }

  /** The file as the older version wrote it, kept once beside it (`<name>.json.before-upgrade.bak`). */
  #keepBeforeUpgrade(): void {
    const backup = `${this.path}.before-upgrade.bak`;
    if (!existsSync(backup)) copyFileSync(this.path, backup);
    this.#logger.info(`Vigil upgraded ${this.path} to the current version; the file as it was is kept as ${backup}.`);
  }

  #repaired(value: T, fixes: string[]): Loaded<T> {
    const backup = this.#moveAside();
    const warning = `Vigil repaired ${this.path}: ${fixes.join('; ')}. The original file was kept as ${backup}.`;
    this.#warnings.push(warning);
    this.#logger.warn(warning);
    return { value, repaired: true };
  }

  /** Renames the bad file to a backup that no earlier backup is overwritten by. */
  #moveAside(): string {
    const stamp = new Date(this.#clock.now()).toISOString().replaceAll(/[:.]/g, '-');
    let backup = `${this.path}.corrupt-${stamp}.bak`;
    for (let copy = 2; existsSync(backup); copy++) backup = `${this.path}.corrupt-${stamp}-${copy}.bak`;
    renameSync(this.path, backup);
    return backup;
  }

  /** What was written is what is read next, parsed already. */
  #write(value: T): void {
    const text = serialise(value);
    this.#writeText(text);
    this.#parsed = { text, loaded: { value: deepFreeze(structuredClone(value)), repaired: false } };
  }

  #writeText(text: string): void {
    try {
      writeFileAtomically(this.path, text, { mode: privateFileMode });
    } catch (error) {
      // Windows sometimes refuses the rename across what it takes for two volumes (EXDEV) even in one folder; a plain
      // write is the one way left to save the change.
      if (!(isErrnoException(error) && error.code === 'EXDEV')) throw error;
      fs.writeFileSync(this.path, text, { mode: privateFileMode });
    }
  }
}

/** Tab-indented, as the files have always been (conf wrote them before). */
function serialise(value: unknown): string {
  return JSON.stringify(value, undefined, '\t');
}

function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
}

function deepFreeze<V>(value: V): V {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const field of Object.values(value)) deepFreeze(field);
  }
  return value;
}
