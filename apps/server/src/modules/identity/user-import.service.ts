/**
 * User import (001 §2, §3, §5; issue 5): rows of name, e-mail and role read from a CSV by the browser.
 * `planUserImport` checks every row and says what importing it would do, writing nothing (the
 * preview); `runUserImport` writes all rows in one transaction or none: one invalid row and nothing is
 * written. Importing the same rows again changes nothing (accounts are found by e-mail, a held role is
 * not granted twice, no second invitation). Each new account gets an invitation e-mail through the
 * outbox with a link to choose its password.
 *
 * Roles cannot be climbed by import (issue 9, ASVS 8.2): only those who may manage the organization
 * may import admins or content editors, or add a role to an address that already has an account; no
 * one may add a role to their own account by import. Such rows are invalid, so nothing is imported.
 * An account given a role ends its sessions (its tokens issued before are refused).
 *
 * The optional business unit column (issue 13) names an organization, in any case. An unknown name is
 * an error on its row, unless the importer may manage the organization: then the import creates it
 * (category 'other'). New accounts join their row's unit; an existing account keeps its own, so a row
 * naming another unit for it is an error (the user screen changes it).
 */
import { ROLE_LABELS, type Role } from '@portal/shared/enums';
import { AppError } from '@portal/shared/errors';
import { CLAIM } from '@portal/shared/permissions';
import {
  ValidUserImportRowSchema,
  type UserImportPlan,
  type UserImportPlanRow,
  type UserImportRow,
} from '@portal/shared/schemas/identity';
import type { Organization } from '@portal/shared/schemas/organizations';
import type { Db } from '../../db/client.js';
import {
  createOrganization,
  findOrganizationByName,
  setAccountOrganization,
} from '../organizations/organizations.service.js';
import { enqueueMail, mayMailNotice } from '../mail/mail.service.js';
import { createEmailLinkToken } from './account-links.service.js';
import { linkTo, siteName, type SiteContext } from './site-links.js';
import { importInvitationMail } from './identity.mails.js';
import {
  findAccountsByEmails,
  insertAccountIfAbsent,
  insertClaims,
  normalizeEmail,
  setTokensValidAfter,
} from './accounts.repository.js';
import type { Session } from './session.js';
import { faultPoint } from '../../lib/fault-points.js';

/** The first data row is line 2 of the file (line 1 is the header). */
const FIRST_LINE = 2;

/** Checks the rows against the shared schema, the file itself (repeated addresses) and the accounts. */
export async function planUserImport(
  db: Db,
  session: Session,
  rows: readonly UserImportRow[],
): Promise<UserImportPlan> {
  return (await planWithAccounts(db, session, rows)).plan;
}

/** Roles only those who may manage the organization may give. */
const MANAGER_ROLES: readonly Role[] = ['admin', 'contenteditor'];

/** Why the caller may not carry out a valid row, or null when they may. */
function refusalOf(
  session: Session,
  role: Role,
  found: { id: string; roles: string[] } | undefined,
): string | null {
  const isManager = session.permissions.CanManageOrganization;
  const addsRole = found !== undefined && !found.roles.includes(role);
  if (addsRole && found.id === session.accountId) return 'You cannot change your own roles by import.';
  if (!isManager && MANAGER_ROLES.includes(role))
    return `Only those who manage the organization may import ${role === 'admin' ? 'an admin' : 'a content editor'}.`;
  if (!isManager && addsRole)
    return 'This address has an account: only those who manage the organization may change its roles.';
  return null;
}

/** The organizations the rows name, by lower-cased name (undefined: no such organization). */
async function findUnits(
  db: Db,
  rows: readonly { valid: { businessUnit?: string } | null }[],
): Promise<Map<string, Organization | undefined>> {
  const units = new Map<string, Organization | undefined>();
  for (const row of rows) {
    const name = row.valid?.businessUnit;
    if (!name || units.has(name.toLowerCase())) continue;
    units.set(name.toLowerCase(), await findOrganizationByName(db, name));
  }
  return units;
}

/**
 * The business unit of a row: its stored name, whether the import creates it, and why the row cannot
 * be imported because of it (an unknown unit for an importer who may not create one; an existing
 * account that is not in it).
 */
function unitOf(
  session: Session,
  name: string | undefined,
  units: ReadonlyMap<string, Organization | undefined>,
  found: { organizationId: string | null } | undefined,
): { name: string; isNew: boolean; refusal: string | null } {
  if (!name) return { name: '', isNew: false, refusal: null };
  const unit = units.get(name.toLowerCase());
  if (!unit && !session.permissions.CanManageOrganization) {
    return {
      name,
      isNew: false,
      refusal: `The business unit "${name}" does not exist: correct its name, or ask someone who manages the organization to create it.`,
    };
  }
  if (found && found.organizationId !== (unit?.id ?? null)) {
    return {
      name: unit?.name ?? name,
      isNew: !unit,
      refusal: found.organizationId
        ? 'This address has an account in another business unit: change it on the user screen.'
        : 'This address has an account without a business unit: set it on the user screen.',
    };
  }
  return { name: unit?.name ?? name, isNew: !unit, refusal: null };
}

/** The plan, and the existing accounts of its addresses (id and roles by e-mail) it was made from. */
async function planWithAccounts(db: Db, session: Session, rows: readonly UserImportRow[]) {
  const checked = rows.map((row, k) => {
    const parsed = ValidUserImportRowSchema.safeParse(row);
    return {
      line: k + FIRST_LINE,
      raw: row,
      valid: parsed.success ? { ...parsed.data, email: normalizeEmail(parsed.data.email) } : null,
      errors: parsed.success ? [] : parsed.error.issues.map((i) => i.message),
    };
  });
  const firstLineOf = new Map<string, number>();
  for (const row of checked) {
    if (!row.valid) continue;
    const first = firstLineOf.get(row.valid.email);
    if (first === undefined) firstLineOf.set(row.valid.email, row.line);
    else row.errors.push(`This e-mail address is already in line ${first}.`);
  }
  const accounts = await findAccountsByEmails(db, [...firstLineOf.keys()]);
  const units = await findUnits(db, checked);
  const planned: UserImportPlanRow[] = checked.map((row) => {
    const base = {
      line: row.line,
      name: row.raw.name.trim(),
      email: row.raw.email.trim(),
      role: row.raw.role.trim(),
      businessUnit: row.raw.businessUnit?.trim() ?? '',
      isNewBusinessUnit: false,
    };
    if (!row.valid || row.errors.length > 0) return { ...base, action: 'invalid', errors: row.errors };
    const found = accounts.get(row.valid.email);
    const unit = unitOf(session, row.valid.businessUnit, units, found);
    const refusal = refusalOf(session, row.valid.role, found) ?? unit.refusal;
    const email = row.valid.email;
    const named = { ...base, email, businessUnit: unit.name, isNewBusinessUnit: unit.isNew };
    if (refusal) return { ...named, action: 'invalid', errors: [refusal] };
    const action = !found ? 'create' : found.roles.includes(row.valid.role) ? 'unchanged' : 'addRole';
    return { ...named, role: row.valid.role, action, errors: [] };
  });
  const counts = { create: 0, addRole: 0, unchanged: 0, invalid: 0 };
  for (const row of planned) counts[row.action] += 1;
  const plan: UserImportPlan = { rows: planned, isValid: counts.invalid === 0, counts };
  return { plan, accounts };
}

/**
 * Imports every row or none, as the caller (`session`) may.
 * @throws AppError invalid_input (400) with the plan in `details` when any row is invalid
 * @returns the plan as carried out
 */
export async function runUserImport(
  db: Db,
  {
    site,
    session,
    rows,
    now = new Date(),
  }: { site: SiteContext; session: Session; rows: readonly UserImportRow[]; now?: Date },
): Promise<UserImportPlan> {
  return db.transaction(async (tx) => {
    const { plan, accounts } = await planWithAccounts(tx, session, rows);
    if (!plan.isValid) {
      throw new AppError(
        'invalid_input',
        `${plan.counts.invalid} of ${plan.rows.length} rows have problems, so nothing was imported. Fix them and try again.`,
        { rows: plan.rows.filter((r) => r.action === 'invalid') },
      );
    }
    // Units the import creates, once each whatever the case the rows write them in.
    const created = new Map<string, string>();
    for (const row of plan.rows) {
      if (!row.isNewBusinessUnit || created.has(row.businessUnit.toLowerCase())) continue;
      const unit = await createOrganization(tx, { name: row.businessUnit, category: 'other', region: '' });
      created.set(row.businessUnit.toLowerCase(), unit.id);
    }
    const unitIdOf = async (name: string) =>
      created.get(name.toLowerCase()) ?? (await findOrganizationByName(tx, name))?.id;
    for (const row of plan.rows) {
      const role = row.role as Role;
      if (row.action === 'unchanged') continue;
      if (row.action === 'addRole') {
        const accountId = accounts.get(row.email)!.id;
        await insertClaims(tx, accountId, [{ type: CLAIM.role, value: role }]);
        await setTokensValidAfter(tx, accountId, new Date());
        continue;
      }
      const newAccount = await insertAccountIfAbsent(tx, {
        email: row.email,
        displayName: row.name,
        passwordHash: null,
      });
      if (!newAccount) throw new AppError('conflict', 'Another import is adding the same users. Try again.');
      await insertClaims(tx, newAccount.id, [{ type: CLAIM.role, value: role }]);
      if (row.businessUnit) {
        await setAccountOrganization(tx, newAccount.id, (await unitIdOf(row.businessUnit)) ?? null);
      }
      if (!(await mayMailNotice(tx, { kind: 'account-invitation', to: newAccount.email, now }))) continue;
      const token = await createEmailLinkToken(tx, { accountId: newAccount.id, purpose: 'invite', now });
      await enqueueMail(
        tx,
        importInvitationMail({
          to: newAccount.email,
          siteName: siteName(site),
          name: row.name,
          roleLabel: ROLE_LABELS[role].toLowerCase(),
          url: linkTo.reset(site, token),
        }),
      );
    }
    faultPoint('userImport.beforeCommit');
    return plan;
  });
}
