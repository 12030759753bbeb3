/**
 * Names that reach a download header or a zip entry. A client's file name is only ever a label: it is
 * cut to its last path segment and cleaned, and never used as a storage path (storage keys are
 * generated, storage.ts).
 */
import { FILE_NAME_MAX } from '@portal/shared/limits';
import { trimCharacters } from '@portal/shared/text';

/** Characters not allowed in a file name on Windows, macOS or Linux, and path separators. */
const UNSAFE_CHARACTERS = /[<>:"/\\|?*\p{Cc}\p{Cf}]/gu;
/** Device names Windows refuses as file names, with or without an extension. */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
/** Longest folder or file name written into a zip (most file systems allow 255 bytes). */
export const PATH_SEGMENT_MAX = 100;

/** Cuts a name to `max` characters, keeping a short extension. */
function cut(name: string, max: number): string {
  if (name.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return `${name.slice(0, max - extension.length).trimEnd()}${extension}`;
}

/**
 * One safe path segment from any text: no separators, control or reserved characters, no leading
 * dots (no hidden files, no `..`), no trailing dots or spaces, not a Windows device name, at most
 * `max` characters. Empty when nothing usable is left.
 */
export function safeSegment(text: string, max = PATH_SEGMENT_MAX): string {
  let name = text.normalize('NFC').replace(UNSAFE_CHARACTERS, '_').replace(/\s+/g, ' ').trim();
  // Whitespace is single spaces by now; trimmed in one pass (a regular expression would be quadratic).
  name = trimCharacters(name, '. ');
  if (WINDOWS_RESERVED.test(name)) name = `_${name}`;
  return cut(name, max);
}

/**
 * The name a download gets, from the name the client sent with the file part: only its last path
 * segment (`../../etc/passwd` → `passwd`, `C:\x\a.pdf` → `a.pdf`), cleaned; falls back to the display
 * name, then to `file`.
 */
export function sanitizeFilename(clientFilename: string | undefined, displayName: string): string {
  const last = (clientFilename ?? '').split(/[/\\]/).pop() ?? '';
  return safeSegment(last, FILE_NAME_MAX) || safeSegment(displayName, FILE_NAME_MAX) || 'file';
}

/** Characters of an ASCII path segment in a Common Cartridge (issue 26: LMSs unescape hrefs). */
const ASCII_SEGMENT_CHARACTER = /[a-z0-9._-]/;

/**
 * One path segment of ASCII `[a-z0-9._-]` from any text (issue 26): accents dropped (é → e), every run
 * of other characters one `-`, no leading or trailing `.` or `-`, at most `max` characters with a short
 * extension kept. Empty when nothing usable is left. One pass over the text, no backtracking.
 */
export function asciiSegment(text: string, max = PATH_SEGMENT_MAX): string {
  const folded = text.normalize('NFKD').toLowerCase();
  let out = '';
  for (const character of folded) {
    if (ASCII_SEGMENT_CHARACTER.test(character)) out += character;
    // Combining marks left by NFKD (the accent of é) are dropped; anything else separates words.
    else if (!/\p{M}/u.test(character) && !out.endsWith('-')) out += '-';
  }
  out = trimCharacters(out, '.-');
  if (WINDOWS_RESERVED.test(out)) out = `x-${out}`;
  return trimCharacters(cut(out, max), '.-');
}

/**
 * Hands out names unique within one folder, compared case-insensitively (Windows and macOS):
 * `a.pdf`, `a (2).pdf`, `a (3).pdf`; or, with `separator` `-`, `a.pdf`, `a-2.pdf` (ASCII paths).
 */
export class UniqueNames {
  private readonly taken = new Set<string>();

  /** @param separator what goes between a name's stem and its number: ` (n)` by default, or `-n`. */
  constructor(private readonly separator: ' ' | '-' = ' ') {}

  /** Reserves a name as is (e.g. README.md at the root). */
  reserve(name: string): void {
    this.taken.add(name.toLowerCase());
  }

  /** The first free variant of `name`. */
  claim(name: string): string {
    const dot = name.lastIndexOf('.');
    const hasExtension = dot > 0 && name.length - dot <= 10;
    const stem = hasExtension ? name.slice(0, dot) : name;
    const extension = hasExtension ? name.slice(dot) : '';
    let candidate = name;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n += 1)
      candidate = this.separator === '-' ? `${stem}-${n}${extension}` : `${stem} (${n})${extension}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}
