import { StaticPage } from '../components/static-page';

/** The staff page (flag `team`): the roles of the people behind the portal. No props. */
export function TeamPage() {
  return (
    <StaticPage
      title="Team"
      lead="A small staff runs the range and the portal. These are the roles you may hear from."
      sections={[
        {
          heading: 'Curators',
          body: (
            <p>
              Content editors review contributed courseware, keep each item’s description, levels and
              knowledge items accurate, and archive what is out of date.
            </p>
          ),
        },
        {
          heading: 'Range operations',
          body: (
            <p>Engineers keep the range and its virtual machines running for every class that uses them.</p>
          ),
        },
        {
          heading: 'Support',
          body: (
            <p>
              The support team answers questions from faculty and school administrators. Write to them through
              the contact page.
            </p>
          ),
        },
      ]}
    />
  );
}
