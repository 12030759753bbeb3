import { StaticPage } from '../components/static-page';

/** The weekly workshops page (flag `weeklyWorkshop`, /community/cyber-workshops). No props. */
export function WorkshopsPage() {
  return (
    <StaticPage
      title="Cyber workshops"
      lead="Online workshops where faculty work through a lab of the range together with our staff."
      sections={[
        {
          heading: 'What happens in a workshop',
          body: (
            <p>
              Each session takes one lab from the courseware repository: we run it on the range, explain how
              it fits into a course, and answer questions about teaching with it.
            </p>
          ),
        },
        {
          heading: 'Who can join',
          body: <p>Faculty and staff of schools that use the range. Workshops are free.</p>,
        },
      ]}
    />
  );
}
