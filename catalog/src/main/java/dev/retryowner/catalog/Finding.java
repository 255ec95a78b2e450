package dev.retryowner.catalog;

import java.util.List;
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
 * @param part what the use does for its retry: runs work under it, sets it up, or declares it
 *     ({@link RetryMechanisms} reports one finding per retry, where it runs or is switched on)
 * @param related the other places of the same retry: where it is declared, configured or
 *     switched on; empty for a finding reported alone
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
    String reason,
    Part part,
    List<RelatedLocation> related) {

  /** What one use of a retry does for it. */
  public enum Part {
    /** Runs work under the retry: a call handed the work, a retry operator, an annotation. */
    RUNS,
    /** Builds, configures or switches the retry on: other calls, constructions, supertypes. */
    SETS_UP,
    /** Only names the retry's type: a field, parameter, local or return type. */
    DECLARES
  }

  public Finding {
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(className, "className");
    Objects.requireNonNull(member, "member");
    Objects.requireNonNull(sourcePath, "sourcePath");
    Objects.requireNonNull(site, "site");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(part, "part");
    related = List.copyOf(related);
  }

  /**
   * A finding reported alone: a declaration site {@link Part#DECLARES}, an annotation {@link
   * Part#RUNS}, any other code {@link Part#SETS_UP}.
   */
  public Finding(String rule, String className, String member, String sourcePath, int line,
      Site site, String target, String message, String reason) {
    this(rule, className, member, sourcePath, line, site, target, message, reason,
        partOf(site), List.of());
  }

  /**
   * The part a use at {@code site} plays when nothing more is known: an annotation runs the
   * retry, a declaration only names it, other code sets it up.
   */
  public static Part partOf(Site site) {
    return site == Site.ANNOTATION ? Part.RUNS
        : site.isInCode() || site == Site.SUPERTYPE || site == Site.DECLARATION ? Part.SETS_UP
        : Part.DECLARES;
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
    return new Finding(rule, className, member, sourcePath, newLine, site, target, message, reason,
        part, related);
  }

  /** The same finding as {@code newPart} of its retry. */
  public Finding as(Part newPart) {
    return new Finding(rule, className, member, sourcePath, line, site, target, message, reason,
        newPart, related);
  }

  /** The same finding with these other places of its retry. */
  public Finding withRelated(List<RelatedLocation> places) {
    return new Finding(rule, className, member, sourcePath, line, site, target, message, reason,
        part, places);
  }

  /** This finding as another finding's related place. */
  public RelatedLocation asRelated() {
    return new RelatedLocation(sourcePath, line, message);
  }
}
