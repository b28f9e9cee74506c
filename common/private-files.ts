// The files that hold a person's data (secret header values, webhook URLs, the SMTP settings, the signing key,
// settings, history) are readable by that person alone: 0600, in a folder only they can enter (0700). Two things keep
// them so (docs/service.md, "Files readable by you alone"):
// - every Vigil process sets its umask to 077 as it starts (`makeNewFilesPrivate`, called once in each process's
//   entry), so whatever it creates is private from its first byte, SQLite's databases and their `-wal`/`-shm`
//   included, which SQLite creates itself;
// - whoever opens one of Vigil's folders tightens what is already there (`tightenPrivateFolder`): files an earlier
//   version or another program left readable, and folders named with `--data-dir` or `VIGIL_DATA_DIR` that existed
//   before. (SQLite gives a new `-wal`/`-shm` the mode of its database, so a tightened database keeps them private
//   even in a process whose umask is not Vigil's.)
// Windows has no POSIX modes (a user's profile folder is private by its ACL): both do nothing there.

export const privateFolderMode = 0o700;
export const privateFileMode = 0o600;
/** Takes every permission from group and others on whatever the process creates. */
export const privateUmask = 0o077;

/** What `makeNewFilesPrivate` needs of `process`. */
export interface ProcessModes {
  platform: string;
  umask(mask: number): number;
}

/** Called once, first thing, in each process's entry: scripts/vigil.ts, Electron's main.ts, the service's utility process. */
export function makeNewFilesPrivate(process: ProcessModes): void {
  if (process.platform !== 'win32') process.umask(privateUmask);
}

/** What `tightenPrivateFolder` needs of `node:fs`. */
export interface FolderModes {
  readdirSync(folder: string, options: { withFileTypes: true }): { name: string; isFile(): boolean }[];
  chmodSync(path: string, mode: number): void;
}

/**
 * Makes `folder` 0700 and 0600 each regular file in it that is one of `fileNames` or one of theirs: a name that goes
 * on with "-" or "." (SQLite's `history.sqlite-wal`, `-shm` and `-journal`; backups such as
 * `settings.json.corrupt-….bak`; temporary files). Other files are left alone: a folder named with `--data-dir` may
 * hold more than Vigil's. Returns one sentence per path that could not be tightened (a file system without modes, a
 * file of another user), for the caller to warn with: Vigil runs on.
 */
export function tightenPrivateFolder(fs: FolderModes, folder: string, fileNames: readonly string[], platform: string): string[] {
  if (platform === 'win32') return [];
  const problems: string[] = [];
  const tighten = (target: string, mode: number) => {
    try {
      fs.chmodSync(target, mode);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      // Gone since the folder was listed: nothing left to protect.
      if (code === 'ENOENT') return;
      problems.push(`Vigil could not make ${target} readable by you alone (${typeof code === 'string' ? code : String(error)}), so other users of this computer may read it.`);
    }
  };
  tighten(folder, privateFolderMode);
  let entries: { name: string; isFile(): boolean }[];
  try {
    entries = fs.readdirSync(folder, { withFileTypes: true });
  } catch {
    return problems;
  }
  for (const entry of entries) {
    // Symbolic links are not followed: what they point at is not Vigil's to change.
    if (entry.isFile() && fileNames.some((name) => isOwnFile(entry.name, name))) tighten(`${folder}/${entry.name}`, privateFileMode);
  }
  return problems;
}

function isOwnFile(candidate: string, fileName: string): boolean {
  return candidate === fileName || (candidate.startsWith(fileName) && (candidate[fileName.length] === '-' || candidate[fileName.length] === '.'));
}
