import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { MESSAGES } from '@portal/shared/errors';
import type { Content } from '@portal/shared/schemas/courseware';
import { ContentStatusIcon } from '../../../components/content-status-icon';
import { HtmlContent } from '../../../components/html-content';
import { paths } from '../../../config/paths';
import { isNotFoundError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useCan } from '../../../lib/session';
import { normaliseIdOrAlias } from '@portal/shared/path-segments';
import { useContent } from '../api/get-content';
import { useTreeFiles } from '../../files/api/get-tree-files';
import { BundleDownload } from '../../files/components/bundle-download';
import { ChildGroups } from '../components/child-groups';
import { ContentAbout } from '../components/content-about';
import { ContentBreadcrumbs } from '../components/content-breadcrumbs';
import { ContentChips } from '../components/content-chips';
import { ContentDetailSkeleton } from '../components/content-detail-skeleton';
import { ContentFiles } from '../../files/components/content-files';
import { KnowledgeLists } from '../../knowledge/components/knowledge-lists';
import { LessonArtifacts } from '../../lessons/components/lesson-artifacts';

/** The edit form (rich text, date pickers) is loaded only when a curator edits. */
const ContentEditor = lazy(async () => ({
  default: (await import('../components/content-editor')).ContentEditor,
}));

// Only curators, editors and signed-in users see these: visitors do not load their code and dialogs. The
// history (issue 37) is for those who may read files; its dialog loads only when opened.
const itemTools = () => import('../components/item-tools');
const ContentActions = lazy(async () => ({ default: (await itemTools()).ContentActions }));
const ContentMetadata = lazy(async () => ({ default: (await itemTools()).ContentMetadata }));
const HistoryButton = lazy(async () => ({ default: (await itemTools()).HistoryButton }));
const FollowButton = lazy(async () => ({ default: (await itemTools()).FollowButton }));
const FeedbackButton = lazy(async () => ({ default: (await itemTools()).FeedbackButton }));

/** The default page title when the item has no name yet (000 §2). */
const DEFAULT_TITLE = 'Courseware';

/**
 * The read view of one content item (000 §2 read mode): breadcrumbs, title with status icon (editors),
 * chips, warnings, description, includes, child groups, files, lesson artifacts, TKS / KSA / KU,
 * last-curated dates, source and licence, contributors, metadata (editors) and the Feedback button.
 * Curators get Edit / Delete / Restore (issue 4); those who may read files get History, and the
 * signed-in get Follow, offered again after a download (issue 37). Props: `content`, `onEdit` (enter edit mode).
 */
export function ContentView({ content, onEdit }: { content: Content; onEdit?: () => void }) {
  const canUpdate = useCan('CanUpdateContent');
  const canDelete = useCan('CanDeleteContent');
  const canViewLessonFiles = useCan('CanViewLessonFiles');
  // The zip download is offered when the item or its children have files (issue 3).
  const canViewFiles = useCan('CanViewFiles');
  const treeFiles = useTreeFiles(content.id, canViewFiles);
  const treeFileList = treeFiles.data?.files ?? [];
  const canSendFeedback = useCan('CanSendContentFeedback');
  const isLoggedIn = useCan('IsLogin');
  // A download offers to follow the item (issue 37).
  const [hasDownloaded, setHasDownloaded] = useState(false);
  const onDownloaded = () => setHasDownloaded(true);
  const isUncurated = content.tags.includes('uncurated');
  const isArchived = content.status === 'archived';
  return (
    <Box component="article" aria-labelledby="content-title">
      <ContentBreadcrumbs ancestors={content.ancestors} current={content.name} />
      <Typography
        variant="h1"
        id="content-title"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}
      >
        {canUpdate && <ContentStatusIcon status={content.status} fontSize="inherit" />}
        <span>{content.name}</span>
      </Typography>
      <ContentChips content={content} />
      {(canUpdate || canDelete) && (
        <Suspense fallback={null}>
          <ContentActions content={content} onEdit={onEdit} />
        </Suspense>
      )}
      {canViewFiles && (
        <Suspense fallback={null}>
          <HistoryButton content={content} />
        </Suspense>
      )}
      {isLoggedIn && (
        <Suspense fallback={null}>
          <FollowButton contentId={content.id} offer={hasDownloaded} />
        </Suspense>
      )}
      {(isArchived || isUncurated) && (
        <Stack spacing={1} sx={{ mt: 2 }}>
          {isArchived && <Alert severity="warning">{MESSAGES.archived}</Alert>}
          {isUncurated && <Alert severity="warning">{MESSAGES.uncurated}</Alert>}
        </Stack>
      )}
      <Stack spacing={4} divider={<Divider flexItem />} sx={{ mt: 3 }}>
        {content.description.trim() && <HtmlContent html={content.description} />}
        {content.includes.length > 0 && (
          <Box component="section" aria-labelledby="includes-heading">
            <Typography variant="h2" id="includes-heading" sx={{ mb: 1 }}>
              Includes
            </Typography>
            <Box component="ul" sx={{ pl: 3, m: 0 }}>
              {content.includes.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </Box>
          </Box>
        )}
        {(content.children.length > 0 || content.sections.length > 0) && (
          <Stack spacing={4}>
            <ChildGroups items={content.children} sections={content.sections} showStatus={canUpdate} />
          </Stack>
        )}
        {content.files.length > 0 && (
          <ContentFiles contentId={content.id} files={content.files} onDownloaded={onDownloaded} />
        )}
        {treeFileList.length > 0 && (
          <BundleDownload contentId={content.id} files={treeFileList} onDownloaded={onDownloaded} />
        )}
        {content.lessonCount > 0 && canViewLessonFiles && (
          <LessonArtifacts contentId={content.id} lessonCount={content.lessonCount} />
        )}
        {content.tkss.length + content.ksas.length + content.kus.length + content.cybokAreas.length > 0 && (
          <Stack spacing={3}>
            <KnowledgeLists content={content} />
          </Stack>
        )}
        {(content.source ||
          content.contributors.length > 0 ||
          content.lastCuratedTimestamps.courseware ||
          content.lastCuratedTimestamps.environment) && <ContentAbout content={content} />}
        {canUpdate && (
          <Suspense fallback={null}>
            <ContentMetadata content={content} />
          </Suspense>
        )}
      </Stack>
      {canSendFeedback && (
        <Suspense fallback={null}>
          <FeedbackButton contentId={content.id} contentName={content.name} />
        </Suspense>
      )}
    </Box>
  );
}

/**
 * The content detail page, /courseware/{idOrAlias+} (000 §2). The splat is the id or alias (it may hold
 * slashes); the route's loader has loaded the item before entering (a skeleton shows only if it is not
 * in the cache any more), and a not-found answer sends the user to /courseware (000 §8).
 */
export function ContentDetailPage() {
  const params = useParams();
  const idOrAlias = normaliseIdOrAlias(params['*'] ?? '');
  const content = useContent(idOrAlias);
  // 000 §4 page modes: reading, or editing (the editor has its own saving state).
  const [editingId, setEditingId] = useState<string | null>(null);
  useDocumentTitle(content.data?.name || DEFAULT_TITLE);
  if (!idOrAlias || (content.isError && isNotFoundError(content.error))) {
    return <Navigate to={paths.courseware} replace />;
  }
  if (content.isPending) return <ContentDetailSkeleton />;
  if (content.isError) {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        This content could not be loaded. Please try again later.
      </Alert>
    );
  }
  if (editingId === content.data.id && content.data.status !== 'archived') {
    return (
      <Suspense fallback={<ContentDetailSkeleton />}>
        <ContentEditor key={content.data.id} content={content.data} onClose={() => setEditingId(null)} />
      </Suspense>
    );
  }
  return (
    <ContentView key={content.data.id} content={content.data} onEdit={() => setEditingId(content.data.id)} />
  );
}
