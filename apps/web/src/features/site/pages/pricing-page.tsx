import Button from '@mui/material/Button';
import { paths } from '../../../config/paths';
import { useFeature } from '../../../lib/env';
import { StaticPage } from '../components/static-page';

/** The range pricing page (/rangepricing, where /pricing leads; flag `pricing`). No props. */
export function PricingPage() {
  const hasContact = useFeature('contact');
  return (
    <StaticPage
      title="Range pricing"
      lead="Browsing the courseware repository is free for everyone. Schools pay for the range itself: the virtual machines their students use."
      sections={[
        {
          heading: 'What is free',
          body: (
            <p>
              Searching and reading the courseware, and downloading its files with a faculty account, cost
              nothing.
            </p>
          ),
        },
        {
          heading: 'What a school pays for',
          body: (
            <p>
              Use of the range is priced per school and term, by the number of students and the hours of lab
              time. We send a quote on request.
            </p>
          ),
        },
      ]}
    >
      {hasContact && (
        <Button href={paths.contactUs} variant="contained">
          Ask for a quote
        </Button>
      )}
    </StaticPage>
  );
}
