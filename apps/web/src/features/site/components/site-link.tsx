import MuiLink, { type LinkProps } from '@mui/material/Link';
import type { FeatureFlag } from '@portal/shared/schemas/site';
import { useFeature } from '../../../lib/env';

/** An inline link in page text, underlined so it is told from the text without colour. Props: MUI Link's. */
export function Link(props: LinkProps) {
  return <MuiLink underline="always" {...props} />;
}

/**
 * A link to a page behind a feature flag: a link while the flag is on, its plain text while it is off.
 * Props: `flag`, `href`, `children`.
 */
export function FlagLink({ flag, href, children }: { flag: FeatureFlag; href: string; children: string }) {
  return useFeature(flag) ? <Link href={href}>{children}</Link> : <>{children}</>;
}
