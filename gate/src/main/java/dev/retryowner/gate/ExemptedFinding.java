package dev.retryowner.gate;

import dev.retryowner.catalog.Exemption;
import dev.retryowner.catalog.Exemptions;
import dev.retryowner.catalog.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A finding a {@code @RetryOwnerExempt} covers: not a failure, but listed with the reason in
 * every report.
 *
 * @param finding what the engine found
 * @param exemption the valid exemption that covers it
 */
public record ExemptedFinding(Finding finding, Exemption exemption) {
  /** The findings {@code exemptions} cover, in the order given. */
  static List<ExemptedFinding> coveredBy(Exemptions exemptions, List<Finding> findings) {
    List<ExemptedFinding> exempted = new ArrayList<>();
    for (Finding finding : findings) {
      Optional<Exemption> covering = exemptions.covering(finding);
      covering.ifPresent(e -> exempted.add(new ExemptedFinding(finding, e)));
    }
    return exempted;
  }

  /** The reason the exemption gives. */
  public String reason() {
    return exemption.reason();
  }
}
