// The types of builds.mjs, which is plain JavaScript so that scripts/vigil.mjs can ask it before loading TypeScript.
export interface Build {
  /** The file whose date stands for the build, relative to the repository. */
  readonly output: string;
  /** The folders and files it is built from, relative to the repository. */
  readonly sources: readonly string[];
}

export declare const rendererBuild: Build;
export declare const nodeBuild: Build;

/** Whether the build's output exists and is newer than each of its sources. */
export declare function isBuildCurrent(repoRoot: string, build: Build): boolean;
