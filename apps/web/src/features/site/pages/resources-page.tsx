import { paths } from '../../../config/paths';
import { Link } from '../components/site-link';
import { StaticPage } from '../components/static-page';

/** The resources page (flag `resources`): where to find help and reference material. No props. */
export function ResourcesPage() {
  return (
    <StaticPage
      title="Resources"
      lead="Reference material for teaching with the range."
      sections={[
        {
          heading: 'Courseware',
          body: (
            <p>
              The <Link href={paths.courseware}>courseware repository</Link> is the main resource: search it,
              or browse it as a tree of courses, modules and lessons.
            </p>
          ),
        },
        {
          heading: 'The NICE Framework',
          body: (
            <p>
              Courseware items list the tasks, knowledge and skills of the NICE Workforce Framework for
              Cybersecurity and the CAE knowledge units they teach, so that you can match them to your
              program.
            </p>
          ),
        },
        {
          heading: 'Help',
          body: (
            <p>
              The knowledge base, under Help in the header, answers common questions. For anything else, use
              the <Link href={paths.contactUs}>contact page</Link>.
            </p>
          ),
        },
      ]}
    />
  );
}
