package dev.retryowner.errorprone;

/** Where the checks' documentation lives; every {@code @BugPattern} link starts here. */
final class Documentation {
  /**
   * The rule pages, relative to the retry-owner repository root (each rule's
   * {@code RuleDescriptor.docPath()}).
   */
  static final String RULES = "docs/rules/";

  private Documentation() {}
}
