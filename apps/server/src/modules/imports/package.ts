/**
 * What the importer of courseware by the course (issue 38) reads: a package unpacked into a staging
 * folder of its own (`package-staging.ts`), every entry checked against the limits of
 * `@portal/shared/schemas/imports-limits`, and the result of a reader (`folder-source.ts`,
 * `cartridge-source.ts`) over it: one course tree, its package identifier and the problems found.
 */
import type { ImportFormat } from '@portal/shared/schemas/imports-limits';
import type { ImportIssue } from '@portal/shared/schemas/imports';
import type { CourseSource } from './course-tree.js';

/** One file of a staged package. */
export interface StagedFile {
  /** Its path in the package: '/'-separated, relative, no '.' or '..' segment, Unicode NFC. */
  path: string;
  /** Its size in bytes as written to the staging folder. */
  size: number;
  /** SHA-256 (hex) of its bytes, when taken while it was written (an unpacked zip's files). */
  sha256?: string;
}

/** A package unpacked into a folder of its own; every file lies under `root` at its `path`. */
export interface StagedPackage {
  /** Absolute path of the staging folder. */
  root: string;
  /** The files, in the order of the package (folders are implied by the paths). */
  files: StagedFile[];
}

/**
 * A package refused as a whole before any reader looks at it (a zip bomb, a path leaving the package, a
 * link, an archive inside the archive, too many entries...): `message` says what and what to do, in the
 * curator's words. The API answers it with 422.
 */
export class PackageRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PackageRefused';
  }
}

/** What a reader made of a staged package. */
export interface ReadPackage {
  format: ImportFormat;
  /**
   * The package's identifier, the key of a later import of its next version: a cartridge's manifest
   * `identifier`, a folder tree's course folder name (or its front matter's `id`).
   */
  packageId: string;
  /** The course tree; every item and file carries its `originPath` in the package. */
  source: CourseSource;
  /** Problems found while reading: errors block the import, warnings are shown for the curator to accept. */
  issues: ImportIssue[];
}
