/**
 * The two brand variants (001 §1), picked by env.json `brand` (BASE_DOMAIN on the server): one typed
 * record per brand, so components read the brand's values and never branch on its name. Every colour
 * pair below meets WCAG AA contrast (4.5:1 for text) on the surface it is used on.
 */
import type { BrandVariant } from '@portal/shared/enums';

export interface SocialLink {
  /** The network's name, read by assistive technology. */
  network: 'LinkedIn' | 'YouTube';
  href: string;
}

export interface Brand {
  name: string;
  /** One line under the logo in the footer. */
  tagline: string;
  /** Short name for tight spaces (the hamburger drawer). */
  shortName: string;
  colors: {
    /** Buttons, links and the logo tile: at least 4.5:1 against white. */
    primary: string;
    primaryDark: string;
    secondary: string;
    /** Page background. */
    background: string;
    /** Footer and hero background, with `onDark` text at least 7:1 against it. */
    dark: string;
    onDark: string;
    /** The tick of the logo mark. */
    accent: string;
  };
  /** Topics offered by the contact form (the contact page of the forms issue reads them). */
  contactTopics: readonly string[];
  /** Whether the header shows "Contact us" (001 §2: national variant only). */
  hasContactInHeader: boolean;
  footer: { about: string; copyrightHolder: string };
  /** Optional links to two networks (001 §2 Footer); empty for none. */
  socialLinks: readonly SocialLink[];
  /** Where /logout ends: home for both variants (001 §2 route table, §4 Logout). */
  logoutDestination: string;
}

export const BRANDS: Record<BrandVariant, Brand> = {
  national: {
    name: 'Cyber Range Portal',
    shortName: 'Cyber Range',
    tagline: 'Hands-on cybersecurity education',
    colors: {
      primary: '#1565c0',
      primaryDark: '#0d47a1',
      secondary: '#0f766e',
      background: '#f6f8fb',
      dark: '#0b1f3a',
      onDark: '#e3ecf8',
      accent: '#7dd3fc',
    },
    contactTopics: ['Courseware', 'Pricing', 'Exercises and the range', 'Partnerships', 'Something else'],
    hasContactInHeader: true,
    footer: {
      about:
        'Virtual labs, shared courseware and a cyber range for schools, colleges and universities across the country.',
      copyrightHolder: 'Cyber Range Portal',
    },
    socialLinks: [
      { network: 'LinkedIn', href: 'https://www.linkedin.com/' },
      { network: 'YouTube', href: 'https://www.youtube.com/' },
    ],
    logoutDestination: '/',
  },
  state: {
    name: 'State Cyber Range',
    shortName: 'State Range',
    tagline: 'Hands-on cybersecurity education for the state',
    colors: {
      primary: '#00695c',
      primaryDark: '#004d40',
      secondary: '#8d4a00',
      background: '#f5f8f7',
      dark: '#0f2e2a',
      onDark: '#e0f2ef',
      accent: '#fcd34d',
    },
    contactTopics: [
      'Courseware',
      'Our school joining the range',
      'Exercises and the range',
      'Something else',
    ],
    hasContactInHeader: false,
    footer: {
      about:
        'The state’s cyber range: virtual labs and shared courseware for the state’s high schools, colleges and universities.',
      copyrightHolder: 'State Cyber Range',
    },
    socialLinks: [],
    logoutDestination: '/',
  },
};

/** The record of a brand variant. */
export function brandOf(variant: BrandVariant): Brand {
  return BRANDS[variant];
}
