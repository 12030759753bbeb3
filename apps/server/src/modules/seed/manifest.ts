/**
 * The data folder's MANIFEST.md: which repository and commit each folder was copied from.
 * Source addresses of imported items point at that commit, so they show exactly what was imported.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface ManifestEntry {
  /** Folder or file as listed, e.g. "courseware/seed-labs/". */
  dir: string;
  /** owner/name on GitHub. */
  repo: string;
  /** 40-hex commit, or undefined when the manifest gives none. */
  commit: string | undefined;
  /** The licence column, as written. */
  licence: string;
}

/**
 * Reads the origin table of MANIFEST.md (columns Dir | Origin repo | Commit | Origin path(s) | Licence).
 * @throws Error when the file is missing
 */
export async function readManifest(dataDir: string): Promise<ManifestEntry[]> {
  const text = await fs.readFile(path.join(dataDir, 'MANIFEST.md'), 'utf8');
  const entries: ManifestEntry[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith('|')) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.length < 5) continue;
    const [dir, repo, commit, , licence] = cells as [string, string, string, string, string];
    if (!/^[\w.-]+\/[\w.-]+$/.test(repo)) continue; // header, rule, or a row without a repository
    entries.push({ dir, repo, commit: /^[0-9a-f]{40}$/.test(commit) ? commit : undefined, licence });
  }
  return entries;
}

/** The GitHub origin of a data folder, with helpers for addresses at its commit. */
export interface Origin {
  repo: string;
  commit: string;
  /** https://github.com/owner/name */
  repoUrl: string;
  /** Address of a file at the commit. */
  blobUrl(relativePath: string): string;
  /** Address of a folder at the commit. */
  treeUrl(relativePath: string): string;
}

const encodePath = (relativePath: string) => relativePath.split('/').map(encodeURIComponent).join('/');

/**
 * The origin of `dir` (as listed in the manifest, e.g. "courseware/seed-labs/").
 * @throws Error when the manifest does not list it with a repository and commit
 */
export function originOf(manifest: ManifestEntry[], dir: string): Origin {
  const entry = manifest.find((e) => e.dir === dir);
  if (!entry?.commit) throw new Error(`MANIFEST.md gives no repository and commit for ${dir}`);
  const repoUrl = `https://github.com/${entry.repo}`;
  const commit = entry.commit;
  return {
    repo: entry.repo,
    commit,
    repoUrl,
    blobUrl: (p) => `${repoUrl}/blob/${commit}/${encodePath(p)}`,
    treeUrl: (p) => `${repoUrl}/tree/${commit}/${encodePath(p)}`,
  };
}
