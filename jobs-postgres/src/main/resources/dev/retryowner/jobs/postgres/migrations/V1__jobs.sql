-- The job rows: the durable, queryable log of the job layer.
CREATE TABLE retry_owner_jobs (
  id               bigserial   PRIMARY KEY,
  kind             text        NOT NULL,
  queue            text        NOT NULL,
  args             jsonb       NOT NULL,
  state            text        NOT NULL CHECK (state IN
                     ('pending', 'running', 'retryable', 'snoozed', 'completed', 'discarded', 'cancelled')),
  attempt          integer     NOT NULL DEFAULT 0,
  max_attempts     integer     NOT NULL CHECK (max_attempts >= 1),
  snoozes          integer     NOT NULL DEFAULT 0,
  runs             integer     NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL,
  scheduled_at     timestamptz NOT NULL,
  attempted_at     timestamptz,
  finalized_at     timestamptz,
  lease_expires_at timestamptz,
  unique_key       text,
  CHECK ((state = 'running') = (lease_expires_at IS NOT NULL))
);

-- At most one live job per uniqueness key; finished jobs free their key.
CREATE UNIQUE INDEX retry_owner_jobs_live_unique_key ON retry_owner_jobs (unique_key)
  WHERE unique_key IS NOT NULL AND state IN ('pending', 'running', 'retryable', 'snoozed');

-- Claims: the due jobs of one queue, earliest first.
CREATE INDEX retry_owner_jobs_claimable ON retry_owner_jobs (queue, scheduled_at, id)
  WHERE state IN ('pending', 'retryable', 'snoozed');

-- Rescue: the running jobs of one queue by lease expiry.
CREATE INDEX retry_owner_jobs_running ON retry_owner_jobs (queue, lease_expires_at, id)
  WHERE state = 'running';

-- The inspector: per kind, and by argument (one endpoint's deliveries).
CREATE INDEX retry_owner_jobs_kind ON retry_owner_jobs (kind, state);
CREATE INDEX retry_owner_jobs_args ON retry_owner_jobs USING gin (args jsonb_path_ops);

-- Every failed attempt's error, oldest first by seq.
CREATE TABLE retry_owner_job_errors (
  seq     bigserial   PRIMARY KEY,
  job_id  bigint      NOT NULL REFERENCES retry_owner_jobs (id) ON DELETE CASCADE,
  attempt integer     NOT NULL,
  at      timestamptz NOT NULL,
  type    text        NOT NULL,
  error   text        NOT NULL,
  trace   text        NOT NULL
);
CREATE INDEX retry_owner_job_errors_job ON retry_owner_job_errors (job_id, seq);
