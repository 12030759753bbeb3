import { useParams } from 'react-router';
import { CourseImportDetailPage } from './course-import-detail-page';
import { CourseImportPage } from './course-import-page';

/**
 * The pages of the route /cr-import/* (issue 38), one lazily loaded chunk: /cr-import is the upload and
 * the recent imports, /cr-import/{id} one import (its preview, progress, summary). No props.
 */
export function CourseImportPages() {
  const id = useParams()['*'] ?? '';
  return id ? <CourseImportDetailPage id={id} /> : <CourseImportPage />;
}
