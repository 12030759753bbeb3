/**
 * Limits and enumerations of "My downloads" (issue 37): what a download was, how its bundles are named,
 * how many rows a page of the list holds.
 */

/** What a person downloaded: one file of an item, the zip bundle of an item's tree, or its Common Cartridge. */
export const DOWNLOAD_KINDS = ['file', 'bundle', 'cartridge'] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];
/** Downloads that hold the item's whole tree: they changed when any published item under it did. */
export const WHOLE_TREE_DOWNLOAD_KINDS: readonly DownloadKind[] = ['bundle', 'cartridge'];

/**
 * The names the portal gives the archives it builds (000 §7: the item's alias, the part, the UTC date,
 * the extension), e.g. `seed-labs_bundle_2026-11-21.zip`, `seed-labs_cartridge_2026-11-21.imscc`.
 */
export const BUNDLE_FILE_NAMES = {
  zip: { suffix: '_bundle_', extension: '.zip' },
  imscc: { suffix: '_cartridge_', extension: '.imscc' },
} as const;

/** Downloaded items on one page of the account's list (GET /account/downloads). */
export const MY_DOWNLOADS_PAGE_SIZE = 50;

/** The search parameter, and its value, that open an item's history on its page: the "what changed" link. */
export const HISTORY_PARAM = 'history';
export const HISTORY_OPEN = '1';
export const HISTORY_QUERY = `${HISTORY_PARAM}=${HISTORY_OPEN}`;

/** What a download of a bundle is, by the bundle's format (BUNDLE_FORMATS). */
export const DOWNLOAD_KIND_OF_BUNDLE_FORMAT = { zip: 'bundle', imscc: 'cartridge' } as const satisfies Record<
  keyof typeof BUNDLE_FILE_NAMES,
  DownloadKind
>;
