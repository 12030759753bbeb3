/**
 * The job queue (DESIGN "Jobs"): the runner every module registers its handlers on (`app.jobs`), started
 * when the app is ready on a job worker. Shared with every module, so registered before them.
 */
export { default as jobsModule } from './jobs.plugin.js';
