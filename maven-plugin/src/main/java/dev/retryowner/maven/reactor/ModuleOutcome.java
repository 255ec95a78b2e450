package dev.retryowner.maven.reactor;

import java.util.List;

/**
 * What one module's gate goal concluded, as the reactor summary lists it.
 *
 * @param module the module and goal, e.g. {@code billing (check)}
 * @param verdict how it ended
 * @param summary its summary line without the {@code retry-owner: } prefix, or why it skipped
 *     or stopped
 */
public record ModuleOutcome(String module, Verdict verdict, String summary) {
  /** How a module's gate goal ended. */
  public enum Verdict {
    /** No violation fails it (baselined ones may exist). */
    CLEAN("clean", false),
    /** Violations, logged as warnings because {@code failOnViolation} is false. */
    VIOLATIONS_ALLOWED("violations allowed (failOnViolation=false)", false),
    /** It fails the gate; the build fails after the last module's check. */
    FAILING("FAILS", true),
    /** It failed the gate at once (deferral turned off). */
    FAILED("FAILED", true),
    /** The goal had nothing to check. */
    SKIPPED("skipped", false),
    /** The goal stopped with a configuration or input error. */
    ERROR("ERROR", true);

    private final String label;
    private final boolean fails;

    Verdict(String label, boolean fails) {
      this.label = label;
      this.fails = fails;
    }

    /** How the reactor summary shows it. */
    public String label() {
      return label;
    }

    /** Whether the module counts as failing in the reactor summary. */
    public boolean fails() {
      return fails;
    }
  }

  /**
   * As plain strings: the reactor's shared state holds only JDK types, because modules whose
   * plugin has different dependencies load this class in different class realms.
   */
  List<String> encode() {
    return List.of(module, verdict.name(), summary);
  }

  static ModuleOutcome decode(List<String> fields) {
    return new ModuleOutcome(fields.get(0), Verdict.valueOf(fields.get(1)), fields.get(2));
  }
}
