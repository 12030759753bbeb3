/**
 * Locally stored settings carry a version (001 §9: default 1.00); a stored copy of another version is
 * discarded, so a release that changes a setting's shape never reads an old one.
 */
import { LOCAL_STORAGE_VERSION } from '@portal/shared/limits';

interface Stored<T> {
  version: string;
  value: T;
}

/**
 * Reads a setting; null when absent, unreadable or stored under another version (which is removed).
 * @param key the localStorage key
 */
export function readLocalSetting<T>(key: string, version: string = LOCAL_STORAGE_VERSION): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    const stored = JSON.parse(raw) as Partial<Stored<T>>;
    if (stored.version === version && 'value' in stored) return stored.value as T;
  } catch {
    // unreadable: discarded below
  }
  window.localStorage.removeItem(key);
  return null;
}

/** Stores a setting with its version; storage failures (private mode, full) are ignored. */
export function writeLocalSetting<T>(key: string, value: T, version: string = LOCAL_STORAGE_VERSION): void {
  try {
    window.localStorage.setItem(key, JSON.stringify({ version, value } satisfies Stored<T>));
  } catch {
    // The setting simply is not kept.
  }
}
