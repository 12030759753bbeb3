/** Addresses of the app's routes (001 §2, 000 §2), built in one place. */

/** Encodes each segment of an id or alias but keeps its slashes, so aliases read as paths. */
function encodeSegments(value: string): string {
  return value
    .split('/')
    .filter((segment) => segment.length > 0)
    .map(encodeURIComponent)
    .join('/');
}

export const paths = {
  home: '/',
  courseware: '/courseware',
  /** A content item by URL alias or id: aliases are shown with the prefix /courseware/ (000 §2). */
  content: (idOrAlias: string) => `/courseware/${encodeSegments(idOrAlias)}`,
  createCourseware: '/courseware?creating=1',
  browseCourseware: '/courseware?browse=1',
  recentCourseware: '/courseware?new=true',
  callForCourseware: '/call-for-courseware',
  login: '/login',
  logout: '/logout',
} as const;
