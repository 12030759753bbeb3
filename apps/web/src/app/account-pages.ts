/**
 * The signed-in person's pages (issue 33, issue 37): their account and My downloads, one module, so the
 * router of every page names one chunk (and its dependencies) for both instead of two.
 */
export { AccountPage } from '../features/identity/pages/account-page';
export { MyDownloadsPage } from '../features/statistics/pages/my-downloads-page';
