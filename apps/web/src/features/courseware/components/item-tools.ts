/**
 * The item page's controls for signed-in roles (issue 4, issue 37): one module, so the page loads them with
 * one dynamic import when the first is drawn, and a visitor's first load carries a single loader for all.
 */
export { ContentActions } from './content-actions';
export { ContentMetadata } from './content-metadata';
export { HistoryButton } from './history-button';
export { FollowButton } from '../../follows/components/follow-button';
export { FeedbackButton } from '../../feedback/components/feedback-button';
