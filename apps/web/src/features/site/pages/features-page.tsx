import Button from '@mui/material/Button';
import { paths } from '../../../config/paths';
import { StaticPage } from '../components/static-page';

/** The features page (001 §2 Header, flag `feature`): what the portal offers, in plain words. No props. */
export function FeaturesPage() {
  return (
    <StaticPage
      title="Features"
      lead="The portal brings together a courseware repository, an exercise area on the cyber range and the tools staff need to keep both up to date."
      sections={[
        {
          heading: 'A courseware repository',
          body: (
            <>
              <p>
                Courses, modules, lessons, labs and exercises are kept as one hierarchy. Search finds them by
                name, keyword and description, and filters narrow the results by category, education level,
                experience level, tag and the knowledge items of the NICE Framework.
              </p>
              <p>
                Signed-in faculty download the files of an item one by one, or the whole item with everything
                under it as one zip file.
              </p>
            </>
          ),
        },
        {
          heading: 'An exercise area',
          body: (
            <p>
              Signed-in users reach the exercise area of the range with a single sign-on. Students get there
              when their teacher invites them to a course.
            </p>
          ),
        },
        {
          heading: 'Curated content',
          body: (
            <p>
              Content editors add and edit items in place, publish, unlist, unpublish or archive them, and
              record where each item comes from and under which licence it is shared.
            </p>
          ),
        },
        {
          heading: 'Accessible by design',
          body: (
            <p>
              Every page works with a keyboard and a screen reader, and the site is checked against the WCAG
              AA contrast rules in both of its colour schemes.
            </p>
          ),
        },
      ]}
    >
      <Button href={paths.courseware} variant="contained">
        Browse the courseware
      </Button>
    </StaticPage>
  );
}
