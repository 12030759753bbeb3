import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { LessonUrl } from '@portal/shared/schemas/lessons';
import { useCan } from '../../../lib/session';
import { useDownloadFile } from '../../files/api/get-download-url';
import { useLessons } from '../api/get-lessons';

/** "handout" → "Handout". */
const labelOf = (type: string) => (type ? `${type.charAt(0).toUpperCase()}${type.slice(1)}` : 'File');

/**
 * The lesson artifact list of a content item (000 §2 read mode, §6). The page shows it to users with
 * CanViewLessonFiles when the item has lessons; the lessons themselves are fetched only with
 * CanListLessons (000 §6), each with its artifacts and pages as download buttons (single-download rule
 * of 000 §4). Props: `contentId`, `lessonCount`.
 */
export function LessonArtifacts({ contentId, lessonCount }: { contentId: string; lessonCount: number }) {
  const canListLessons = useCan('CanListLessons');
  const lessons = useLessons(contentId, canListLessons);
  const { download, pendingFileId } = useDownloadFile(contentId);
  const artifact = (url: LessonUrl, label: string) => (
    <li key={`${url.fileId}-${label}`}>
      <Button
        size="small"
        onClick={() => download(url.fileId)}
        data-download=""
        startIcon={
          pendingFileId === url.fileId ? <CircularProgress size={16} aria-hidden="true" /> : <DownloadIcon />
        }
        aria-busy={pendingFileId === url.fileId}
      >
        {label}
      </Button>
    </li>
  );
  return (
    <Box component="section" aria-labelledby="lessons-heading">
      <Typography variant="h2" id="lessons-heading" sx={{ mb: 1 }}>
        Lesson artifacts
      </Typography>
      <Typography sx={{ mb: 1 }}>
        {lessonCount} {lessonCount === 1 ? 'lesson' : 'lessons'}
      </Typography>
      {(lessons.data?.lessons ?? []).map((lesson) => (
        <Box key={lesson.id} sx={{ mb: 1.5 }}>
          <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
            {lesson.name || lesson.alternateId}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {lesson.urls.map((url) => artifact(url, labelOf(url.type)))}
            {lesson.pages.flatMap((page) =>
              page.urls.map((url) => artifact(url, `Page ${page.id}: ${labelOf(url.type)}`)),
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
