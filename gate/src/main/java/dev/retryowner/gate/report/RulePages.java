package dev.retryowner.gate.report;

import dev.retryowner.catalog.RuleDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The built-in rules' pages ({@code docs/rules/<Rule>.md}), which the plugin jar bundles, so a
 * report can carry a rule's documentation where no site is published.
 */
final class RulePages {
  private RulePages() {}

  /** The page of a built-in rule, as Markdown; empty for a team's own rule. */
  static Optional<String> markdown(RuleDescriptor rule) {
    if (rule.documentation().isPresent()) {
      return Optional.empty();
    }
    try (InputStream in = RulePages.class.getResourceAsStream("rules/" + rule.name() + ".md")) {
      return in == null ? Optional.empty()
          : Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the bundled page of " + rule.name(), e);
    }
  }
}
