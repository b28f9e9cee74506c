// The types of builds.mjs, which is plain JavaScript so that scripts/vigil.mjs can ask it before loading TypeScript.
export interface Build {
  /** What is built, in a sentence's words: "the window". */
  readonly what: string;
  /** The script that builds it, relative to the repository. */
  readonly script: string;
  /** The file whose date stands for the build, relative to the repository. */
  readonly output: string;
  /** The folders and files it is built from, relative to the repository. */
  readonly sources: readonly string[];
}

export declare const rendererBuild: Build;
export declare const nodeBuild: Build;

/** Whether the build's output exists and is newer than each of its sources. */
export declare function isBuildCurrent(repoRoot: string, build: Build): boolean;

/** Builds it (its script, in a child process) unless it is current, saying so on stderr; throws when the build fails. */
export declare function ensureBuilt(repoRoot: string, build: Build): void;
