import { brandOf } from '../../../config/brand';
import { useEnv } from '../../../lib/env';
import { Link } from '../components/site-link';
import { StaticPage } from '../components/static-page';

/** The terms of use (001 §1: last reviewed October 1st, 2019; content licence BY-NC-SA 4.0). No props. */
export function TermsOfUsePage() {
  const brand = brandOf(useEnv().brand);
  return (
    <StaticPage
      title="Terms of use"
      lead={`These terms apply to everyone who uses ${brand.name}. They were last reviewed on October 1st, 2019.`}
      sections={[
        {
          heading: 'Your account',
          body: (
            <p>
              Keep your password to yourself. You are responsible for what is done with your account; tell us
              at once if you think someone else has used it.
            </p>
          ),
        },
        {
          heading: 'Using the range',
          body: (
            <p>
              Use the range and its virtual machines only for the exercises of your course. Attacking systems
              outside the range, or other users’ machines, is not allowed, and we may suspend an account that
              does.
            </p>
          ),
        },
        {
          heading: 'Content licence',
          body: (
            <p>
              Unless an item says otherwise, the courseware is shared under the Creative Commons{' '}
              <Link
                href="https://creativecommons.org/licenses/by-nc-sa/4.0/"
                target="_blank"
                rel="noopener noreferrer"
              >
                Attribution-NonCommercial-ShareAlike 4.0
              </Link>{' '}
              licence: you may copy and adapt it for non-commercial teaching if you credit its authors and
              share your changes under the same licence.
            </p>
          ),
        },
        {
          heading: 'Changes',
          body: <p>When these terms change, this page shows the date of the new review.</p>,
        },
      ]}
    />
  );
}
