/** The site's navigation links, flag-gated (001 §2 Header, Footer). Only pages that exist are listed. */
import { isFeatureOn, type EnvJson, type FeatureFlag } from '@portal/shared/schemas/site';
import { paths } from '../../config/paths';

export interface NavLink {
  label: string;
  href: string;
  /** The feature flag that shows it; none for links shown by other rules (Exercises when logged in). */
  flag?: FeatureFlag;
}

const HEADER_LINKS: readonly NavLink[] = [
  { label: 'Courseware', href: paths.courseware, flag: 'coursewarePage' },
];

const SERVICE_LINKS: readonly NavLink[] = [
  { label: 'Courseware', href: paths.courseware, flag: 'coursewarePage' },
  { label: 'Call for courseware', href: paths.callForCourseware, flag: 'callForCourseware' },
];

/** The exercise area, reached by single sign-on; shown when logged in (001 §2 Header, §6). */
const EXERCISES_LINK: NavLink = { label: 'Exercises', href: paths.exercises };

/** Header links whose flag is on, and Exercises when logged in. */
export function headerLinks(env: EnvJson, isLoggedIn = false): NavLink[] {
  const links = HEADER_LINKS.filter((link) => !link.flag || isFeatureOn(env.features, link.flag));
  return isLoggedIn ? [...links, EXERCISES_LINK] : links;
}

/** Footer "Services" links whose flag is on. */
export function serviceLinks(env: EnvJson): NavLink[] {
  return SERVICE_LINKS.filter((link) => !link.flag || isFeatureOn(env.features, link.flag));
}

/** Whether a link is the current section (the courseware link is current on every courseware page). */
export function isCurrentLink(link: NavLink, pathname: string): boolean {
  return pathname === link.href || pathname.startsWith(`${link.href}/`);
}
