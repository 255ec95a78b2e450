package dev.retryowner.jobs.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/** A domain table for the outbox tests: an event is the change a job is enqueued with. */
final class EventsTable {
  private EventsTable() {}

  static void create(DataSource database) throws SQLException {
    try (Connection connection = database.getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE events (id text PRIMARY KEY)");
    }
  }

  /** Inserts event {@code id} on the caller's connection and transaction. */
  static void insert(Connection connection, String id) throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO events VALUES (?)")) {
      insert.setString(1, id);
      insert.executeUpdate();
    }
  }

  /** How many events are committed. */
  static int count(DataSource database) throws SQLException {
    try (Connection connection = database.getConnection();
        Statement statement = connection.createStatement();
        ResultSet count = statement.executeQuery("SELECT count(*) FROM events")) {
      count.next();
      return count.getInt(1);
    }
  }
}
