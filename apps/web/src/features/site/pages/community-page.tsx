import { paths } from '../../../config/paths';
import { FlagLink } from '../components/site-link';
import { StaticPage } from '../components/static-page';

/** The community page (always reachable from the footer, 001 §2): how faculty take part. No props. */
export function CommunityPage() {
  return (
    <StaticPage
      title="Community"
      lead="The range is shaped by the faculty who teach with it: they share courseware, report problems and suggest improvements."
      sections={[
        {
          heading: 'Share your courseware',
          body: (
            <p>
              Faculty can contribute their own courses, modules and labs. See the{' '}
              <FlagLink flag="callForCourseware" href={paths.callForCourseware}>
                call for courseware
              </FlagLink>{' '}
              for what we look for and how to send an abstract.
            </p>
          ),
        },
        {
          heading: 'Give feedback on an item',
          body: (
            <p>
              Every courseware page has a Feedback button. Signed-in faculty use it to tell the curators about
              a mistake, a broken file or an idea; it reaches them by e-mail.
            </p>
          ),
        },
        {
          heading: 'Workshops',
          body: (
            <p>
              We hold{' '}
              <FlagLink flag="weeklyWorkshop" href={paths.workshops}>
                weekly workshops
              </FlagLink>{' '}
              where faculty try the labs together and ask questions.
            </p>
          ),
        },
      ]}
    />
  );
}
