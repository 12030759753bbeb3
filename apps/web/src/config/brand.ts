/** Names of the two brand variants (001 §1), picked by env.json `brand`. */
import type { BrandVariant } from '@portal/shared/enums';

export const BRAND_NAMES: Record<BrandVariant, { name: string; tagline: string }> = {
  national: { name: 'Cyber Range Portal', tagline: 'Hands-on cybersecurity education' },
  state: { name: 'State Cyber Range', tagline: 'Hands-on cybersecurity education for the state' },
};
