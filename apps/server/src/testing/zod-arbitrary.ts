/**
 * fast-check arbitraries derived from a route's shared zod (v4) schema, for the fuzz test (issue 20
 * "Every route fuzzed"): mostly values of the schema's own shape (formats, lengths, enums, unions), so
 * the calls reach past validation, mixed with hostile values: huge, deeply nested, control characters,
 * lone surrogates, right-to-left and zero-width marks, numbers at their extremes, prototype keys. A kind
 * the function does not know falls back to any JSON value.
 */
import fc from 'fast-check';
import type { z } from 'zod';

/** Strings no form should choke on (each is valid UTF-16 or deliberately not). */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '<'.repeat(50_000),
  '<a'.repeat(25_000),
  'a'.repeat(200_000),
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m\u007f',
  '\r\n\r\nX-Injected: yes',
  '\ud800',
  'x\udfffy',
  '\u202eevil\u202c',
  '\u200b\u200c\u200d\ufeff',
  'Z̸̢͎̈́a̴l̷g̶o̵',
  '😀'.repeat(1000),
  '../../../../etc/passwd',
  '%2e%2e%2f%00',
  "' OR 1=1 --",
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '=HYPERLINK("http://x")',
  '__proto__',
  'constructor',
  '-1',
  '1e308',
  'NaN',
  'null',
];

/** Numbers at the edges of JSON and JavaScript. */
export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e308,
  -1e308,
  5e-324,
];

/** An object whose own keys are prototype names (JSON.stringify writes them as plain keys). */
function prototypeKeys(value: unknown): Record<string, unknown> {
  const target: Record<string, unknown> = {};
  for (const key of ['__proto__', 'constructor', 'prototype'])
    Object.defineProperty(target, key, { value, enumerable: true });
  return target;
}

/** A value nested `depth` arrays deep (or objects, when `asObjects`). */
export function nested(depth: number, asObjects = false): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = asObjects ? { a: value } : [value];
  return value;
}

/** Any hostile value: strings, numbers, deep nesting, prototype keys, wrong kinds. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom<unknown>(
    null,
    true,
    [],
    {},
    nested(2000),
    nested(2000, true),
    prototypeKeys({ isAdmin: true }),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

interface StringLike {
  minLength: number | null;
  maxLength: number | null;
  format: string | null;
}
interface NumberLike {
  minValue: number | null;
  maxValue: number | null;
  isInt: boolean;
}

/** A string of the schema's format and length (uuids may be `knownIds`, so calls reach real rows). */
function stringOf(schema: z.ZodType, knownIds: readonly string[]): fc.Arbitrary<string> {
  const { minLength, maxLength, format } = schema as unknown as StringLike;
  const checks = (defOf(schema).checks as { _zod: { def: { format?: string; pattern?: RegExp } } }[]) ?? [];
  const pattern = checks.map((check) => check._zod.def).find((def) => def.format === 'regex')?.pattern;
  const min = minLength ?? 0;
  const max = Math.max(min, Math.min(maxLength ?? 40, 40));
  switch (format) {
    case 'uuid':
    case 'guid':
      return knownIds.length > 0 ? fc.oneof(fc.uuid(), fc.constantFrom(...knownIds)) : fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'url':
      return fc.webUrl();
    case 'datetime':
      return fc
        .date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    default:
      return pattern ? fc.stringMatching(pattern) : fc.string({ minLength: min, maxLength: max });
  }
}

function numberOf(schema: z.ZodType): fc.Arbitrary<number> {
  const { minValue, maxValue, isInt } = schema as unknown as NumberLike;
  const min = Math.max(minValue ?? -1e6, -1e15);
  const max = Math.min(maxValue ?? 1e6, 1e15);
  return isInt
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/**
 * An arbitrary of values for `schema`: of its shape most of the time, hostile now and then, at every
 * level (a field of a valid object may be hostile). `knownIds` are ids of real rows to use for uuids.
 */
export function arbitraryOf(
  schema: z.ZodType,
  knownIds: readonly string[] = [],
  depth = 0,
): fc.Arbitrary<unknown> {
  const shaped = shapedOf(schema, knownIds, depth);
  // Hostile at the top one time in five; inside, one field in twenty, so most objects stay valid.
  return fc.oneof(
    { weight: depth === 0 ? 4 : 19, arbitrary: shaped },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** Kinds of field an object may leave out. */
const OMITTABLE = new Set(['optional', 'default', 'prefault', 'catch']);

function shapedOf(schema: z.ZodType, knownIds: readonly string[], depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: unknown) => arbitraryOf(s as z.ZodType, knownIds, depth + 1);
  if (depth > 8) return fc.jsonValue({ maxDepth: 1 });
  switch (def.type) {
    case 'string':
      return stringOf(schema, knownIds);
    case 'number':
      return numberOf(schema);
    case 'bigint':
      return fc.bigInt().map(String);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'optional':
      return inner(def.innerType);
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(def.innerType);
    case 'pipe':
      return shapedOf(def.in as z.ZodType, knownIds, depth);
    case 'lazy':
      return inner((def.getter as () => z.ZodType)());
    case 'array': {
      const checks = (def.checks as { _zod: { def: { check: string; maximum?: number } } }[]) ?? [];
      const maximum = checks.map((c) => c._zod.def).find((c) => c.check === 'max_length')?.maximum;
      return fc.array(inner(def.element), { maxLength: Math.min(maximum ?? 4, 4) });
    }
    case 'tuple':
      return fc.tuple(...(def.items as z.ZodType[]).map(inner));
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const fields = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, inner(value)]));
      const requiredKeys = Object.keys(shape).filter((key) => !OMITTABLE.has(defOf(shape[key]!).type));
      return fc.record(fields, { requiredKeys });
    }
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map(inner));
    case 'intersection':
      return fc
        .tuple(inner(def.left), inner(def.right))
        .map(([left, right]) =>
          typeof left === 'object' && typeof right === 'object' ? { ...left, ...right } : left,
        );
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 12 }), inner(def.valueType), { maxKeys: 4 });
    default:
      return fc.jsonValue({ maxDepth: 3 });
  }
}
