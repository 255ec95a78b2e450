package dev.retryowner.jobs.postgres;

import dev.retryowner.jobs.KeyedLeases;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * {@link KeyedLeases} in PostgreSQL, shared by every process on the database: one row per held
 * key in {@code retry_owner_keyed_leases}. Acquiring is one {@code INSERT … ON CONFLICT DO UPDATE
 * … WHERE} (the row is taken over only when it expired or is the caller's own), so two processes
 * racing for a key cannot both win; releasing deletes the row only for its holder.
 *
 * <p>Create it with {@link #open(DataSource)}, which applies the schema migrations first.
 */
public final class PostgresKeyedLeases implements KeyedLeases {
  private final DataSource dataSource;

  private PostgresKeyedLeases(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  /** Migrates the schema behind {@code dataSource} to the latest version and opens the leases. */
  public static PostgresKeyedLeases open(DataSource dataSource) {
    Objects.requireNonNull(dataSource, "dataSource");
    SchemaMigrations.apply(dataSource);
    return new PostgresKeyedLeases(dataSource);
  }

  @Override
  public boolean tryAcquire(String key, String holder, Instant now, Instant until) {
    KeyedLeases.requireValidAcquire(key, holder, now, until);
    return Transactions.run(dataSource, "acquire the lease on " + key, c -> {
      try (PreparedStatement upsert = c.prepareStatement(
          "INSERT INTO retry_owner_keyed_leases AS held (key, holder, expires_at)"
              + " VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE"
              + " SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at"
              + " WHERE held.holder = EXCLUDED.holder OR held.expires_at <= ? RETURNING key")) {
        upsert.setString(1, key);
        upsert.setString(2, holder);
        upsert.setObject(3, JobRows.timestamp(until));
        upsert.setObject(4, JobRows.timestamp(now));
        try (ResultSet taken = upsert.executeQuery()) {
          return taken.next();
        }
      }
    });
  }

  @Override
  public boolean release(String key, String holder) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(holder, "holder");
    return Transactions.run(dataSource, "release the lease on " + key, c -> {
      try (PreparedStatement delete = c.prepareStatement(
          "DELETE FROM retry_owner_keyed_leases WHERE key = ? AND holder = ?")) {
        delete.setString(1, key);
        delete.setString(2, holder);
        return delete.executeUpdate() == 1;
      }
    });
  }
}
