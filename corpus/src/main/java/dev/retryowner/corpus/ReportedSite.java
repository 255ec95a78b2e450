package dev.retryowner.corpus;

/**
 * One violation the gate reported on an artifact.
 *
 * @param rule the rule name
 * @param file the source path as the report gives it; it ends with the path in the sources jar
 * @param line the reported line
 * @param message the finding's message, for the lists of false positives
 */
public record ReportedSite(String rule, String file, int line, String message) {
  /** True if this finding is in {@code labelledFile}, a path inside the sources jar. */
  boolean isIn(String labelledFile) {
    return file.equals(labelledFile) || file.endsWith("/" + labelledFile);
  }
}
