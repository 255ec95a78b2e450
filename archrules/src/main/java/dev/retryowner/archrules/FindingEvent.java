package dev.retryowner.archrules;

import com.tngtech.archunit.lang.ConditionEvent;
import dev.retryowner.catalog.Finding;
import java.util.List;

/**
 * A use of a retry helper, as an ArchUnit event that carries its structured {@link Finding}: the
 * failure report prints the description line, {@link ArchFindings} collects the finding.
 */
final class FindingEvent implements ConditionEvent {
  private final String subject;
  private final Finding finding;
  private final boolean violation;

  /**
   * @param subject the offending class or member as ArchUnit describes it, e.g.
   *     {@code Method <com.acme.Foo.bar()>}
   */
  FindingEvent(String subject, Finding finding, boolean violation) {
    this.subject = subject;
    this.finding = finding;
    this.violation = violation;
  }

  Finding finding() {
    return finding;
  }

  @Override
  public boolean isViolation() {
    return violation;
  }

  @Override
  public ConditionEvent invert() {
    return new FindingEvent(subject, finding, !violation);
  }

  @Override
  public List<String> getDescriptionLines() {
    return List.of(description());
  }

  @Override
  public void handleWith(Handler handler) {
    handler.handle(List.of(finding), description());
  }

  private String description() {
    return subject + " " + finding.message() + " in " + finding.location() + ": "
        + finding.reason();
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "{" + description() + "}";
  }
}
