import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/session';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { normaliseHref, pageByHrefQueryOptions } from '../api/get-page';
import { PageLayout } from '../components/page-layout';
import { usePageMeta } from '../components/use-page-meta';
import { widgetFileUrl } from '../widgets/widget-views';

// Editors only: the editing controls, dialogs and dnd-kit stay out of the visitor's download.
const PageEditing = lazy(async () => ({
  default: (await import('../components/page-editing')).PageEditing,
}));

/**
 * A dynamic page (001 §2 Dynamic pages), found by its lower-cased href at the catch-all: its sections
 * in its layout; title, description and Open Graph tags from its meta; for editors the editing
 * controls and, while it is not visible to everyone, a "Not published" banner. A page that is gone
 * (deleted, or no longer visible) goes home. Props: `href`, the page's link when the route names it
 * (a site page an editable page replaces); else the catch-all's path.
 */
export function DynamicPage({ href: routeHref }: { href?: string }) {
  const wildcard = useParams()['*'];
  const href = normaliseHref(routeHref ?? wildcard ?? '');
  const navigate = useNavigate();
  const page = useQuery(pageByHrefQueryOptions(href));
  const canEdit = useCan('CanUpdateContent');
  const data = page.data;
  usePageMeta({
    title: data?.title ?? '',
    description: data?.meta.description ?? '',
    image: data?.meta.images[0] ?? firstImageOf(data?.sections ?? []),
  });
  useEffect(() => {
    if (page.isError) void navigate(paths.home, { replace: true });
  }, [page.isError, navigate]);
  if (!data) return null;
  const hasPageHeading = data.sections.some((section) =>
    section.widgets.some((widget) => widget.kind === 'heading' && widget.headingType === 'h1'),
  );
  const isPublic = data.status === 'published' || data.status === 'unlisted';
  return (
    <>
      {canEdit && !isPublic && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          Not published: only editors see this page.
        </Alert>
      )}
      <Typography variant="h1" sx={hasPageHeading ? visuallyHidden : { mb: 3 }}>
        {data.title}
      </Typography>
      {canEdit ? (
        <Suspense fallback={<PageLayout page={data} />}>
          <PageEditing page={data} />
        </Suspense>
      ) : (
        <PageLayout page={data} />
      )}
    </>
  );
}

/** The first image among the widgets, for the Open Graph card of a page whose meta names none. */
function firstImageOf(sections: { widgets: object[] }[]): string | null {
  for (const section of sections) {
    for (const widget of section.widgets) {
      for (const value of Object.values(widget)) {
        if (value && typeof value === 'object' && 'fileId' in value && 'mimeType' in value) {
          const file = value as { fileId: string; mimeType: string; filename: string; alt: string };
          if (file.mimeType.startsWith('image/')) return widgetFileUrl(file);
        }
      }
    }
  }
  return null;
}
