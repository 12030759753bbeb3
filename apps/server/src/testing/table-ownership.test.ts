/**
 * Each area owns its tables (issue 35): the code of `modules/<area>` names only the tables of
 * `db/schema/<area>.ts`, in raw SQL as in Drizzle, and reads another area's data through that area's
 * service or `index.ts`. Lint holds the schema imports (eslint.config.js `SERVER_TABLE_OWNERS`); this
 * test reads every module's source for the tables its SQL names and the schema tables it imports.
 * A module with no schema file owns no table; the seed and the course importer write across areas and are
 * not read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PENDING_TABLE_READS } from './table-ownership.js';

const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCHEMA = path.join(SOURCE, 'db/schema');
const MODULES = path.join(SOURCE, 'modules');
/** Modules above every area: the seed (the demo data of all) and the course importer (issue 38). */
const ABOVE_AREAS = new Set(['seed', 'imports']);

/** Every table of db/schema: its SQL name and its Drizzle name, with the area that owns it. */
function tablesByArea(): { sqlName: string; tsName: string; area: string }[] {
  return fs.readdirSync(SCHEMA).flatMap((file) => {
    const source = fs.readFileSync(path.join(SCHEMA, file), 'utf8');
    const area = path.basename(file, '.ts');
    return [...source.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map((m) => ({
      tsName: m[1]!,
      sqlName: m[2]!,
      area,
    }));
  });
}

/** The module's non-test sources, relative to modules/. */
function sourcesOf(moduleName: string): string[] {
  const folder = path.join(MODULES, moduleName);
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => `${moduleName}/${file}`);
}

/** The code without its comments (a comment may name any table). */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n');
}

/** The tables a source names: after FROM, JOIN, INTO, UPDATE or TABLE in SQL, or imported from db/schema. */
function tablesNamedIn(source: string, tables: ReturnType<typeof tablesByArea>): Set<string> {
  const code = withoutComments(source);
  const named = new Set<string>();
  const bySqlName = new Map(tables.map((t) => [t.sqlName, t]));
  for (const m of code.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+(?:ONLY\s+)?"?([a-z_]+)"?/g)) {
    if (bySqlName.has(m[1]!)) named.add(m[1]!);
  }
  const byTsName = new Map(tables.map((t) => [t.tsName, t]));
  for (const m of code.matchAll(/import (?:type )?\{([^}]*)\} from '[./]*db\/schema\/\w+\.js'/g)) {
    for (const name of m[1]!.split(',')) {
      const table = byTsName.get(name.replace('type ', '').split(' as ')[0]!.trim());
      if (table) named.add(table.sqlName);
    }
  }
  return named;
}

/** For each module source, the other areas' tables it names. */
function crossAreaReads(): Record<string, string[]> {
  const tables = tablesByArea();
  const areaOf = new Map(tables.map((t) => [t.sqlName, t.area]));
  const reads: Record<string, string[]> = {};
  for (const moduleName of fs.readdirSync(MODULES).filter((name) => !ABOVE_AREAS.has(name))) {
    for (const file of sourcesOf(moduleName)) {
      const named = tablesNamedIn(fs.readFileSync(path.join(MODULES, file), 'utf8'), tables);
      const foreign = [...named].filter((table) => areaOf.get(table) !== moduleName).sort();
      if (foreign.length > 0) reads[file] = foreign;
    }
  }
  return reads;
}

describe('table ownership', () => {
  it('finds tables in SQL and in schema imports (a planted read is caught)', () => {
    const tables = tablesByArea();
    const planted = [
      "import { account } from '../../db/schema/identity.js';",
      'const rows = await db.execute(sql`SELECT c.name FROM content c JOIN work_role w ON true`);',
      '// FROM news: a comment names no table',
    ].join('\n');
    expect([...tablesNamedIn(planted, tables)].sort()).toEqual(['account', 'content', 'work_role']);
  });

  it('every table has one owning area, named as a module', () => {
    const tables = tablesByArea();
    expect(new Set(tables.map((t) => t.sqlName)).size).toBe(tables.length);
    const modules = new Set(fs.readdirSync(MODULES));
    expect([...new Set(tables.map((t) => t.area))].filter((area) => !modules.has(area))).toEqual([]);
  });

  it("no module names another area's table, except the pending reads listed", () => {
    expect(crossAreaReads()).toEqual(PENDING_TABLE_READS);
  });
});
