/**
 * The site's navigation links, each behind its feature flag (001 §2 Header, Footer). A link is shown
 * when its flag is on, when it needs a signed-in user and there is one, and when the brand has it.
 */
import { isFeatureOn, type FeatureFlag } from '@portal/shared/features';
import type { EnvJson } from '@portal/shared/schemas/site';
import { brandOf } from '../../config/brand';
import { paths } from '../../config/paths';

export interface NavLink {
  label: string;
  href: string;
  /** The feature flag that shows it; none for links always shown. */
  flag?: FeatureFlag;
  /** Shown only when signed in (Exercises). */
  isSignedInOnly?: boolean;
  /** Shown only when the brand has a header contact link (001 §2: national variant only). */
  isBrandContact?: boolean;
  /** Opens in a new tab (the knowledge base). */
  isNewTab?: boolean;
}

export interface FooterColumn {
  title: string;
  links: NavLink[];
}

const HEADER_LINKS: readonly NavLink[] = [
  { label: 'Features', href: paths.features, flag: 'feature' },
  { label: 'Courseware', href: paths.courseware, flag: 'coursewarePage' },
  { label: 'Exercises', href: paths.exercises, isSignedInOnly: true },
  { label: 'Pricing', href: paths.pricing, flag: 'pricing' },
  { label: 'Contact us', href: paths.contactUs, flag: 'contact', isBrandContact: true },
  { label: 'Community', href: paths.community, flag: 'community' },
  { label: 'Resources', href: paths.resources, flag: 'resources' },
];

/** The knowledge base of the help menu and footer: the configured site, else the moved notice. */
export function knowledgeBaseHref(env: EnvJson): string {
  return env.knowledgeBaseUrl ?? paths.knowledgeBase;
}

function footerColumns(env: EnvJson): readonly { title: string; links: NavLink[] }[] {
  return [
    {
      title: 'Services',
      links: [
        { label: 'Features', href: paths.features, flag: 'feature' },
        { label: 'Courseware', href: paths.courseware, flag: 'coursewarePage' },
        { label: 'Exercises', href: paths.exercises, isSignedInOnly: true },
        // Community is always shown (001 §2 Footer).
        { label: 'Community', href: paths.community },
        { label: 'Weekly workshops', href: paths.workshops, flag: 'weeklyWorkshop' },
        { label: 'Call for courseware', href: paths.callForCourseware, flag: 'callForCourseware' },
      ],
    },
    {
      title: 'Resources',
      links: [
        { label: 'Events', href: paths.events, flag: 'events' },
        { label: 'News', href: paths.news, flag: 'news' },
        // Always shown: 001 §2 lists it in the Resources column and §9 gives it no flag.
        { label: 'Newsletter', href: paths.newsletterSignup },
        { label: 'Knowledge base', href: knowledgeBaseHref(env), isNewTab: true },
        { label: 'Resources', href: paths.resources, flag: 'resources' },
      ],
    },
    {
      title: 'Contact',
      links: [
        { label: 'About', href: paths.about, flag: 'about' },
        { label: 'Staff', href: paths.team, flag: 'team' },
        { label: 'Jobs', href: paths.jobs, flag: 'jobs' },
        { label: 'Contact', href: paths.contactUs, flag: 'contact' },
        { label: 'Terms of use', href: paths.termsOfUse },
      ],
    },
  ];
}

function isShown(link: NavLink, env: EnvJson, isLoggedIn: boolean): boolean {
  if (link.flag && !isFeatureOn(env.features, link.flag)) return false;
  if (link.isSignedInOnly && !isLoggedIn) return false;
  if (link.isBrandContact && !brandOf(env.brand).hasContactInHeader) return false;
  return true;
}

/** Header links shown for this configuration and session. */
export function headerLinks(env: EnvJson, isLoggedIn = false): NavLink[] {
  return HEADER_LINKS.filter((link) => isShown(link, env, isLoggedIn));
}

/** Footer columns with the links shown; a column left empty is dropped. */
export function footerLinks(env: EnvJson, isLoggedIn = false): FooterColumn[] {
  return footerColumns(env)
    .map((column) => ({ ...column, links: column.links.filter((link) => isShown(link, env, isLoggedIn)) }))
    .filter((column) => column.links.length > 0);
}

/** Whether a link is the current section (the courseware link is current on every courseware page). */
export function isCurrentLink(link: NavLink, pathname: string): boolean {
  return pathname === link.href || pathname.startsWith(`${link.href}/`);
}
