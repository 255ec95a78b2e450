package dev.retryowner.catalog;

import java.util.Objects;

/**
 * Another place of the retry a finding reports: where it is declared, configured or switched on
 * (SARIF {@code relatedLocations}, the console's "also at" lines).
 *
 * @param sourcePath the source path relative to a source root, e.g. {@code com/acme/Foo.java}
 * @param line the 1-based line, or 0 when neither bytecode nor source could tell
 * @param message what the code does there, e.g. "declares field 'retry' of type ..."
 */
public record RelatedLocation(String sourcePath, int line, String message) {
  public RelatedLocation {
    Objects.requireNonNull(sourcePath, "sourcePath");
    Objects.requireNonNull(message, "message");
  }

  /** {@code (File.java:LINE)}. */
  public String location() {
    return "(" + sourcePath.substring(sourcePath.lastIndexOf('/') + 1) + ":" + line + ")";
  }
}
