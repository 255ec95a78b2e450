package dev.retryowner.jobs;

/**
 * What {@link JobStore#insert} did.
 *
 * @param id the new job's id, or the id of the live job with the same uniqueness key
 * @param inserted false when an equal live job made the insert a no-op
 */
public record InsertResult(long id, boolean inserted) {}
