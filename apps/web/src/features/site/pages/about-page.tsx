import { brandOf } from '../../../config/brand';
import { useEnv } from '../../../lib/env';
import { StaticPage } from '../components/static-page';

/** The about page (flag `about`): who runs the portal and what it is for. No props. */
export function AboutPage() {
  const brand = brandOf(useEnv().brand);
  return (
    <StaticPage
      title="About"
      lead={`${brand.name} is a cyber range education service: it gives teachers hands-on labs and shared teaching material for cybersecurity.`}
      sections={[
        {
          heading: 'What we do',
          body: (
            <p>
              We run a cyber range where students practise on virtual machines, and this portal, where faculty
              find courseware to teach with. Our staff curate the courseware and support the schools that use
              the range.
            </p>
          ),
        },
        {
          heading: 'Where the courseware comes from',
          body: (
            <p>
              The repository holds openly licensed material, among it the SEED Labs, the Hacktivity lab sheets
              and Microsoft’s Security-101 course. Each item names its source and its licence.
            </p>
          ),
        },
        {
          heading: 'Who it is for',
          body: (
            <p>
              High schools, community colleges and universities that teach cybersecurity, and the faculty and
              students in them.
            </p>
          ),
        },
      ]}
    />
  );
}
