package dev.retryowner.gate.report;

/**
 * A violation's source file as the reports name it.
 *
 * @param path the path with forward slashes, relative to what {@code anchor} says
 * @param anchor what the path starts from
 */
public record ReportedFile(String path, Anchor anchor) {
  /** What a reported path starts from. */
  public enum Anchor {
    /** The project's base directory: the file lies under it, as source files usually do. */
    BASE_DIRECTORY,
    /** Nothing: an absolute path, for a source root outside the base directory. */
    ABSOLUTE,
    /** The file's source root: no configured source root holds the file, so this is all we know. */
    SOURCE_ROOT
  }
}
