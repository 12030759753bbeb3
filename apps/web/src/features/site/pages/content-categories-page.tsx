import { StaticPage } from '../components/static-page';

/**
 * /call-for-courseware/content-categories (001 §2): the content guidance of 000 §9 and 001 §1 by
 * category. No props.
 */
export function ContentCategoriesPage() {
  return (
    <StaticPage
      title="Content categories"
      lead="The repository keeps courseware in five categories. This is what we look for in each."
      sections={[
        {
          heading: 'Course',
          body: <p>A full course covers one semester of 3 credit hours. It is made of modules.</p>,
        },
        {
          heading: 'Module',
          body: <p>A module has 3 to 6 lessons on one topic.</p>,
        },
        {
          heading: 'Lesson',
          body: <p>A lesson is one class meeting’s material: slides, notes and the labs that go with it.</p>,
        },
        {
          heading: 'Lab and exercise',
          body: (
            <p>
              A course has 5 to 15 labs, each lasting 1 to 6 hours. An exercise is a shorter task inside a lab
              or a lesson.
            </p>
          ),
        },
        {
          heading: 'Environment',
          body: <p>An environment describes the virtual machines and network a lab runs on.</p>,
        },
        {
          heading: 'Licence',
          body: <p>Everything in the repository is shared under Attribution-NonCommercial-ShareAlike 4.0.</p>,
        },
      ]}
    />
  );
}
