/**
 * The people an imported course credits (000 §3 Contributor): each found by full name or created once,
 * their ids in the order an item names them.
 */
import crypto from 'node:crypto';
import { CONTRIBUTOR_FIELD_MAX } from '@portal/shared/limits';
import { distinctIgnoringCase } from '@portal/shared/schemas/courseware';
import type { Db } from '../../db/client.js';
import type { SourcePerson } from './course-tree.js';
import type { PlannedItem } from './import-plan.js';
import { shortened } from './plan-files.js';
import * as write from './tree-write.repository.js';

/** Splits a person's name: first word, last word, and what is between (000 §3 Contributor). */
export function splitPersonName(
  name: string,
): { firstName: string; middleName: string | null; lastName: string } | undefined {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return undefined;
  const middle = words.slice(1, -1).join(' ');
  return {
    firstName: shortened(words[0]!, CONTRIBUTOR_FIELD_MAX),
    middleName: middle ? shortened(middle, CONTRIBUTOR_FIELD_MAX) : null,
    lastName: shortened(words[words.length - 1]!, CONTRIBUTOR_FIELD_MAX),
  };
}

const personKey = (name: string) => name.replace(/\s+/g, ' ').trim().toLowerCase();

/** People of the items, once per name (case-insensitive), with a school or title any mention gives. */
function peopleOf(items: readonly PlannedItem[]): Map<string, SourcePerson> {
  const people = new Map<string, SourcePerson>();
  for (const person of items.flatMap((i) => i.contributors)) {
    const key = personKey(person.name);
    const known = people.get(key);
    people.set(key, {
      name: known?.name ?? person.name.replace(/\s+/g, ' ').trim(),
      school: known?.school ?? person.school,
      title: known?.title ?? person.title,
    });
  }
  return people;
}

/** Finds or creates the contributors the items name; lower-cased full name → contributor id. */
export async function contributorsFor(
  tx: Db,
  items: readonly PlannedItem[],
): Promise<{ idOfPerson: Map<string, string>; created: number }> {
  const people = peopleOf(items.filter((i) => i.change !== 'unchanged'));
  const existing = await write.findContributorsByFullName(
    tx,
    [...people.values()].map((p) => p.name),
  );
  const idOfPerson = new Map(existing.map((c) => [c.fullName, c.id]));
  const created: Parameters<typeof write.insertContributors>[1] = [];
  for (const [key, person] of people) {
    if (idOfPerson.has(key)) continue;
    const parts = splitPersonName(person.name);
    if (!parts) continue;
    const id = crypto.randomUUID();
    idOfPerson.set(key, id);
    created.push({
      id,
      ...parts,
      school: person.school ? shortened(person.school, CONTRIBUTOR_FIELD_MAX) : null,
      title: person.title ? shortened(person.title, CONTRIBUTOR_FIELD_MAX) : null,
    });
  }
  await write.insertContributors(tx, created);
  return { idOfPerson, created: created.length };
}

/** The contributor ids of an item, in its order. */
export function contributorIdsOf(item: PlannedItem, idOfPerson: Map<string, string>): string[] {
  return distinctIgnoringCase(item.contributors.map((c) => c.name.replace(/\s+/g, ' ').trim()))
    .map((name) => idOfPerson.get(name.toLowerCase()))
    .filter((id): id is string => id !== undefined);
}
