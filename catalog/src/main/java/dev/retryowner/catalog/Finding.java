package dev.retryowner.catalog;

import java.util.Objects;

/**
 * One violation as every report (console, SARIF, JSON) and the parity test see it, whichever
 * engine found it.
 *
 * @param rule the rule name
 * @param className the binary name of the class the finding is in
 * @param member the method, constructor or field in that class, or empty for the class itself
 * @param sourcePath the source path relative to a source root, e.g. {@code com/acme/Foo.java}
 * @param line the 1-based line, or 0 when neither bytecode nor source could tell
 * @param site what kind of code the finding sits on
 * @param target the catalog target involved, as a reader writes it ({@code pkg.Type#method})
 * @param message what is wrong, e.g. "calls io.github.resilience4j.retry.Retry#of"
 * @param reason why the catalog lists the target
 */
public record Finding(
    String rule,
    String className,
    String member,
    String sourcePath,
    int line,
    Site site,
    String target,
    String message,
    String reason) {

  public Finding {
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(className, "className");
    Objects.requireNonNull(member, "member");
    Objects.requireNonNull(sourcePath, "sourcePath");
    Objects.requireNonNull(site, "site");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(reason, "reason");
  }

  /** The file name alone, as IDEs make {@code (File.java:LINE)} clickable. */
  public String fileName() {
    return sourcePath.substring(sourcePath.lastIndexOf('/') + 1);
  }

  /** {@code (File.java:LINE)}. */
  public String location() {
    return "(" + fileName() + ":" + line + ")";
  }

  /** The same finding at another line, e.g. once the source pinned it down. */
  public Finding atLine(int newLine) {
    return new Finding(rule, className, member, sourcePath, newLine, site, target, message, reason);
  }
}
