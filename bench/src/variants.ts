/**
 * What is measured on each database. One variant today: the catalogue as a bulk import leaves it
 * (VACUUM ANALYZE, as the demo seed ends). A variant may prepare the database first (on PGlite it then
 * works on a copy of the cache, on the server on the run's throwaway database), to measure an index
 * or a maintenance step before the server adopts it.
 */
import type { Db } from '../../apps/server/src/db/client.js';

export type VariantKey = 'current';

/** One state of the database to measure. */
export interface Variant {
  key: VariantKey;
  label: string;
  /** Brings a catalogue built by buildCatalogue into this variant's state (idempotent). */
  prepare?: (db: Db) => Promise<void>;
}

export const VARIANTS: Record<VariantKey, Variant> = {
  current: { key: 'current', label: 'current server code' },
};
