/**
 * Permission flags and their derivation from claims (000 §6, 001 §6, DESIGN.md "Roles and claims").
 * The server calls `derivePermissions` to enforce; the web app calls it to mirror.
 */
import type { Role } from './enums.js';

/** A claim granted to an account: type, value and optional scopes (001 §3 Claim). */
export interface Claim {
  type: string;
  value: string;
  scopes?: string[];
}

/** The closed list of permission flags. */
export const PERMISSIONS = [
  'IsLogin',
  'CanUpdateContent',
  'CanDeleteContent',
  'CanDeleteNews',
  'CanDeleteEvents',
  'CanDeletePage',
  'CanViewArchivedContent',
  'CanViewFiles',
  'CanViewLessonFiles',
  'CanListLessons',
  'CanListCourses',
  'CanManageOrganization',
  'CanViewExerciseArea',
  'CanSubmitAbstract',
  'CanRequestCourseSupport',
  'CanRequestOrganizationSupport',
  'CanSendContentFeedback',
  'CanImportUsers',
  'CanImpersonate',
  'CanInviteStudents',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
export type PermissionFlags = Record<Permission, boolean>;

/** Claim types and values used by the mapping. */
export const CLAIM = {
  role: 'role',
  api: 'api',
  scopedFile: 'scoped-file',
  product: 'product',
  viewArchivedContent: 'view-archived-content',
  manageOrganization: 'manage-organization',
  submitAbstract: 'submit-abstract',
} as const;

export const API_CLAIM = {
  patchContent: 'content:patch',
  deleteContent: 'content:delete',
  deleteNews: 'news:delete',
  deleteEvents: 'events:delete',
  deletePage: 'page:delete',
  listLessons: 'lessons:list',
  listCourses: 'courses:list',
  postCourseSupport: 'course-support:post',
  postOrganizationSupport: 'organization-support:post',
  postContentFeedback: 'content-feedback:post',
  importUsers: 'users:import',
  impersonate: 'users:impersonate',
  /** Faculty invite students to a course (issue 5). */
  postCourseInvitation: 'course-invitations:post',
} as const;

export const FILE_SCOPE = { courseware: 'courseware', lesson: 'lesson', any: 'any' } as const;
export const COURSEWARE_PRODUCT = 'courseware';

/** A claim's scope matches when it has none, when it lists `any`, or when it lists the scope. */
export function scopeMatches(claim: Claim, scope: string | undefined): boolean {
  if (!claim.scopes || claim.scopes.length === 0 || scope === undefined) return true;
  return claim.scopes.includes(FILE_SCOPE.any) || claim.scopes.includes(scope);
}

function has(claims: readonly Claim[], type: string, value?: string, scope?: string): boolean {
  return claims.some(
    (c) => c.type === type && (value === undefined || c.value === value) && scopeMatches(c, scope),
  );
}

/**
 * Derives every permission flag from a list of claims (001 §6).
 * @param claims the account's claims; empty for a visitor
 * @param isLoggedIn whether a valid session exists
 */
export function derivePermissions(claims: readonly Claim[], isLoggedIn: boolean): PermissionFlags {
  const api = (value: string) => isLoggedIn && has(claims, CLAIM.api, value);
  const subscribed = isLoggedIn && has(claims, CLAIM.product, COURSEWARE_PRODUCT);
  const fileScope = (scope: string) => isLoggedIn && has(claims, CLAIM.scopedFile, 'view', scope);
  const manageOrganization = isLoggedIn && has(claims, CLAIM.manageOrganization);
  const listCourses = api(API_CLAIM.listCourses);
  return {
    IsLogin: isLoggedIn,
    CanUpdateContent: api(API_CLAIM.patchContent),
    CanDeleteContent: api(API_CLAIM.deleteContent),
    CanDeleteNews: api(API_CLAIM.deleteNews),
    CanDeleteEvents: api(API_CLAIM.deleteEvents),
    CanDeletePage: api(API_CLAIM.deletePage),
    CanViewArchivedContent: isLoggedIn && has(claims, CLAIM.viewArchivedContent),
    CanViewFiles: subscribed && fileScope(FILE_SCOPE.courseware),
    CanViewLessonFiles: subscribed && fileScope(FILE_SCOPE.lesson),
    CanListLessons: api(API_CLAIM.listLessons),
    CanListCourses: listCourses,
    CanManageOrganization: manageOrganization,
    CanViewExerciseArea: isLoggedIn && (manageOrganization || listCourses),
    CanSubmitAbstract: isLoggedIn && has(claims, CLAIM.submitAbstract),
    CanRequestCourseSupport: api(API_CLAIM.postCourseSupport),
    CanRequestOrganizationSupport: api(API_CLAIM.postOrganizationSupport),
    CanSendContentFeedback: api(API_CLAIM.postContentFeedback),
    CanImportUsers: api(API_CLAIM.importUsers),
    CanImpersonate: api(API_CLAIM.impersonate),
    CanInviteStudents: api(API_CLAIM.postCourseInvitation),
  };
}

const role = (value: Role): Claim => ({ type: CLAIM.role, value });
const apiClaim = (value: string): Claim => ({ type: CLAIM.api, value });

const FACULTY_CLAIMS: Claim[] = [
  { type: CLAIM.product, value: COURSEWARE_PRODUCT },
  { type: CLAIM.scopedFile, value: 'view', scopes: [FILE_SCOPE.courseware, FILE_SCOPE.lesson] },
  apiClaim(API_CLAIM.listLessons),
  apiClaim(API_CLAIM.listCourses),
  apiClaim(API_CLAIM.postContentFeedback),
  apiClaim(API_CLAIM.postCourseSupport),
  apiClaim(API_CLAIM.postCourseInvitation),
];
const EDITOR_CLAIMS: Claim[] = [
  ...FACULTY_CLAIMS,
  apiClaim(API_CLAIM.patchContent),
  apiClaim(API_CLAIM.deleteContent),
  apiClaim(API_CLAIM.deleteNews),
  apiClaim(API_CLAIM.deleteEvents),
  apiClaim(API_CLAIM.deletePage),
  { type: CLAIM.viewArchivedContent, value: 'true' },
];
const ADMIN_CLAIMS: Claim[] = [
  ...EDITOR_CLAIMS,
  { type: CLAIM.manageOrganization, value: 'true' },
  { type: CLAIM.submitAbstract, value: 'true' },
  apiClaim(API_CLAIM.postOrganizationSupport),
  apiClaim(API_CLAIM.importUsers),
  apiClaim(API_CLAIM.impersonate),
];

/**
 * The claims each role grants (DESIGN.md table). Each set includes the role claim itself,
 * which login requires (001 §4 Session). Students get course access only by invitation.
 */
export const ROLE_CLAIMS: Record<Role, Claim[]> = {
  student: [role('student')],
  faculty: [role('faculty'), ...FACULTY_CLAIMS],
  contenteditor: [role('contenteditor'), ...EDITOR_CLAIMS],
  admin: [role('admin'), ...ADMIN_CLAIMS],
};

/**
 * The claims an account holds in effect: its own claims plus those of each role it holds (a role
 * claim grants its role's set, so granting or removing a role is one row), without duplicates.
 */
export function effectiveClaims(claims: readonly Claim[]): Claim[] {
  const out: Claim[] = [];
  const seen = new Set<string>();
  const add = (claim: Claim) => {
    const key = claimKey(claim);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(claim);
  };
  for (const claim of claims) add(claim);
  for (const claim of claims) {
    if (claim.type === CLAIM.role && Object.hasOwn(ROLE_CLAIMS, claim.value)) {
      for (const granted of ROLE_CLAIMS[claim.value as Role]) add(granted);
    }
  }
  return out;
}

/** A stable identity of a claim (type, value and sorted scopes) for comparisons. */
export function claimKey(claim: Claim): string {
  return JSON.stringify([claim.type, claim.value, [...(claim.scopes ?? [])].sort()]);
}

/** The list-courses claim an invited student gets for one course (issue 5, 001 §1). */
export function courseAccessClaim(courseId: string): Claim {
  return { type: CLAIM.api, value: API_CLAIM.listCourses, scopes: [courseId] };
}

/** Flags of a signed-out visitor. */
export const VISITOR_PERMISSIONS: PermissionFlags = derivePermissions([], false);

/**
 * The rights of editors and admins (issue 33): an account holding any of them is never signed in from
 * an LTI platform, linked or not, since an LMS is another trust domain (its admins, or a user who may
 * change their own e-mail there, would reach the portal's editing and admin rights).
 */
export const PLATFORM_FORBIDDEN_PERMISSIONS = [
  'CanUpdateContent',
  'CanDeleteContent',
  'CanDeleteNews',
  'CanDeleteEvents',
  'CanDeletePage',
  'CanImpersonate',
  'CanImportUsers',
  'CanManageOrganization',
] as const satisfies readonly Permission[];

/** Whether flags hold any right of PLATFORM_FORBIDDEN_PERMISSIONS. */
export function hasEditorOrAdminRight(flags: PermissionFlags): boolean {
  return PLATFORM_FORBIDDEN_PERMISSIONS.some((permission) => flags[permission]);
}
