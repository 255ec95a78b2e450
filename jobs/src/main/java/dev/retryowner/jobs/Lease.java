package dev.retryowner.jobs;

/**
 * A worker's claim on one run of a job. Every transition out of {@link JobState#RUNNING} names the
 * lease, and the store applies it only while that run still holds the job: a worker whose job was
 * rescued, timed out or cancelled cannot overwrite the newer state.
 *
 * @param jobId the job's id
 * @param run which claim of the job this is ({@link JobRecord#runs()} when it was claimed)
 */
public record Lease(long jobId, int run) {}
