/**
 * A small seeded pseudo-random generator (mulberry32), so that the generated catalogue is the same on
 * every run and on both databases: the PGlite cache and the server database hold identical items.
 */

/** 2^32, to turn a 32-bit integer into a fraction in [0, 1). */
const UINT32_RANGE = 4_294_967_296;
/** mulberry32's additive constant. */
const MULBERRY_INCREMENT = 0x6d2b79f5;

/** A deterministic random source with the helpers the generator needs. */
export interface Random {
  /** A fraction in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(values: readonly T[]): T;
  /** `count` distinct elements of a list (all of them when it is shorter), in list order. */
  sample<T>(values: readonly T[], count: number): T[];
  /** A version-4 UUID made of generated bits. */
  uuid(): string;
}

/** A generator seeded with a 32-bit integer. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const nextUint32 = (): number => {
    state = (state + MULBERRY_INCREMENT) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const next = () => nextUint32() / UINT32_RANGE;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(values: readonly T[]): T => {
    if (values.length === 0) throw new Error('pick from an empty list');
    return values[int(0, values.length - 1)] as T;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    sample<T>(values: readonly T[], count: number): T[] {
      const chosen = new Set<number>();
      const wanted = Math.min(count, values.length);
      while (chosen.size < wanted) chosen.add(int(0, values.length - 1));
      return [...chosen].sort((a, b) => a - b).map((i) => values[i] as T);
    },
    uuid() {
      const hex = [nextUint32(), nextUint32(), nextUint32(), nextUint32()]
        .map((n) => n.toString(16).padStart(8, '0'))
        .join('');
      // Version 4, variant 10xx.
      const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    },
  };
}
