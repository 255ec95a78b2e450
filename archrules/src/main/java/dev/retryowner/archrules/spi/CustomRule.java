package dev.retryowner.archrules.spi;

import com.tngtech.archunit.lang.ArchRule;
import dev.retryowner.catalog.RuleDescriptor;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One rule of a {@link RetryOwnerRuleProvider}. Its ArchRule's description is the rule's summary
 * in the reports, e.g. {@code no classes should call method System.exit(int)}.
 *
 * @param name the rule's CamelCase name, e.g. {@code NoSystemExit}: the console's and SARIF's
 *     rule id, the baseline's and exemptions' key; distinct from the built-in rules' names
 * @param rule the ArchUnit rule, evaluated on the project's classes
 * @param fix what to do about a violation, in one line
 * @param documentation where the rule is explained: a URL (SARIF links it) or a path
 */
public record CustomRule(String name, ArchRule rule, String fix, String documentation) {
  private static final Pattern CAMEL_CASE = Pattern.compile("[A-Z][A-Za-z0-9]*");

  /** @throws IllegalArgumentException if a value is missing or the name is not CamelCase */
  public CustomRule {
    Objects.requireNonNull(rule, () -> "the ArchRule of the custom rule " + name);
    if (name == null || !CAMEL_CASE.matcher(name).matches()) {
      throw new IllegalArgumentException("a custom rule's name must be CamelCase, letters and"
          + " digits only, e.g. NoSystemExit (reports, baselines and exemptions use it as a key),"
          + " not '" + name + "'");
    }
    requireOneLine(fix, "fix", name);
    requireOneLine(documentation, "documentation", name);
  }

  /** The rule as the reports describe it. */
  public RuleDescriptor descriptor() {
    return RuleDescriptor.teamRule(name, rule.getDescription(), fix, documentation);
  }

  private static void requireOneLine(String value, String what, String rule) {
    if (value == null || value.isBlank() || value.contains("\n")) {
      throw new IllegalArgumentException("the custom rule " + rule + " needs its " + what
          + " as one non-blank line, got '" + value + "'");
    }
  }
}
