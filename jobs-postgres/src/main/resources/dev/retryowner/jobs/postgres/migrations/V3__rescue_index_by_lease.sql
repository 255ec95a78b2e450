-- Rescue: the running jobs of one queue by lease expiry, as before, but chosen by the lease
-- instead of the state (the same rows, by the table's check). With the state in its predicate,
-- the planner took this index for every update of a running job by id (state = 'running' implies
-- it, and the statistics of a table of pending jobs say it is tiny) and scanned all of it per
-- row, dead entries included; now those updates find their rows by the primary key.
DROP INDEX retry_owner_jobs_running;
CREATE INDEX retry_owner_jobs_leased ON retry_owner_jobs (queue, lease_expires_at, id)
  WHERE lease_expires_at IS NOT NULL;
