/** Zips the tests make with yazl, as zip tools make them (UTF-8 names, deflated), held in memory. */
import yazl from 'yazl';

/** A package's files: path in the zip → contents, or [path, contents] pairs in the order to write. */
export type ZipTree =
  Record<string, string | Buffer> | readonly (readonly [name: string, content: string | Buffer])[];

/**
 * A zip of `files` (path → contents), with `folders` as empty folder entries and each file's unix
 * `mode` when given (e.g. 0o100755 to check that execute bits are dropped).
 */
export async function zipOf(
  files: ZipTree,
  options: { folders?: string[]; mode?: number } = {},
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const folder of options.folders ?? []) zip.addEmptyDirectory(folder);
  for (const [name, content] of Array.isArray(files) ? files : Object.entries(files)) {
    zip.addBuffer(Buffer.from(content), name, options.mode === undefined ? {} : { mode: options.mode });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
