// The activity module's public face: the Admin's read of the log (the writer is shared/activity-log.ts).
export * as handlers from './handlers.js';
