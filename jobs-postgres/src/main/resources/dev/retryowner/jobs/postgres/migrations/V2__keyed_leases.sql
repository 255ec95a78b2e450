-- Expiring leases on keys (PostgresKeyedLeases): at most one holder per key, e.g. one delivery
-- per webhook endpoint across every worker process.
CREATE TABLE retry_owner_keyed_leases (
  key        text        PRIMARY KEY,
  holder     text        NOT NULL,
  expires_at timestamptz NOT NULL
);
