import { useEffect, useState } from 'react';

/**
 * How many of `total` parts a component shows: none at first, then one more after each commit, each in a
 * task of its own. A group of heavy controls (the search panel's selects and comboboxes) then mounts in
 * short tasks instead of one long one that blocks input on a slow phone (issue 22: Total Blocking Time).
 * Input: the number of parts; output: how many to show now (0 to `total`).
 */
export function useRevealedCount(total: number): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (count >= total) return undefined;
    const timer = setTimeout(() => setCount((shown) => shown + 1), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}
