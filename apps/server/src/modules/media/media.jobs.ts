import type { JobQueue } from '../../lib/jobs';
import type { MediaService } from './media.service';

export const sweepMedia = 'media.sweep';

/** Deletes the media files no row refers to: those of changes a crash or a failure left behind. */
export const registerMediaJobs = (queue: JobQueue, { media }: { media: MediaService }) => {
  queue.define(sweepMedia, async () => {
    await media.sweep();
  });
};

/**
 * Every ten minutes, and once now, so that a start after a crash clears what the crash left (call after
 * the queue started, where jobs are worked).
 */
export const scheduleMediaSweep = async (queue: JobQueue) => {
  await queue.schedule(sweepMedia, '*/10 * * * *');
  await queue.send(sweepMedia, {}, { singletonKey: 'media-sweep-at-start' });
};
