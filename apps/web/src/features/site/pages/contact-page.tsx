import Link from '@mui/material/Link';
import { brandOf } from '../../../config/brand';
import { useEnv } from '../../../lib/env';
import { StaticPage } from '../components/static-page';

/** /contact-us (flag `contact`): the support address and the topics we answer. No props. */
export function ContactPage() {
  const env = useEnv();
  const brand = brandOf(env.brand);
  return (
    <StaticPage
      title="Contact us"
      lead={`Questions about ${brand.name}, an account for your school, or the courseware? Write to us.`}
      sections={[
        {
          heading: 'Write to us',
          body: (
            <p>
              {env.supportEmail ? (
                <>
                  Send an e-mail to{' '}
                  <Link href={`mailto:${env.supportEmail}`} underline="always">
                    {env.supportEmail}
                  </Link>
                  .
                </>
              ) : (
                'Use the support address your school was given.'
              )}
            </p>
          ),
        },
        {
          heading: 'What we can help with',
          body: (
            <ul>
              {brand.contactTopics.map((topic) => (
                <li key={topic}>{topic}</li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}
