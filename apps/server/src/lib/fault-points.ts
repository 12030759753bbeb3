/**
 * Fault points (issue 23 "Faults, tested"): named places inside a write where a test's server process
 * ends itself with SIGKILL, as a power cut or the kernel's OOM killer would: no clean-up, no flush, no
 * reply. The crash tests (`testing/faults/`) start the portal with FAULT_POINTS naming one of them, make
 * the write, start the portal again over the same data and check what is left.
 *
 * Unset (always, outside those tests), `faultPoint()` is one lookup in an empty set.
 */

/** Every place a test may choose; each name says where in the write the process dies. */
export const FAULT_POINT_NAMES = [
  /** An upload's bytes are in the file store; its `file` row is not written yet. */
  'upload.stored',
  /** A content save has written every row in its transaction; the commit has not happened. */
  'content.beforeCommit',
  /** A content save has committed; the bytes of the files it removed are still stored. */
  'content.committed',
  /** A page's section save has written every row in its transaction; the commit has not happened. */
  'page.beforeCommit',
  /** A page's section save has committed; the bytes of the widget files it dropped are still stored. */
  'page.committed',
  /** A zip bundle's archive is stored whole; the bundle's row does not name it yet. */
  'bundle.written',
  /** A document's text is read; it is not saved yet. */
  'documentText.extracted',
  /** A user import has written every account in its transaction; the commit has not happened. */
  'userImport.beforeCommit',
] as const;

export type FaultPointName = (typeof FAULT_POINT_NAMES)[number];

let armed: ReadonlySet<FaultPointName> = new Set();

/** Arms the named points for this process (config FAULT_POINTS); an empty list disarms them all. */
export function armFaultPoints(names: readonly FaultPointName[]): void {
  armed = new Set(names);
}

/** Kills this process at once with SIGKILL when `name` is armed; otherwise does nothing. */
export function faultPoint(name: FaultPointName): void {
  if (armed.has(name)) process.kill(process.pid, 'SIGKILL');
}
