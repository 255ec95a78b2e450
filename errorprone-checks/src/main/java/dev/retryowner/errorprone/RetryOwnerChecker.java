package dev.retryowner.errorprone;

import com.google.errorprone.VisitorState;
import com.google.errorprone.bugpatterns.BugChecker;
import com.sun.tools.javac.util.Name;
import dev.retryowner.annotations.RetryOwnerExempt;
import java.lang.annotation.Annotation;
import java.util.HashSet;
import java.util.Set;

/**
 * The base of every retry-owner check: it honors {@code @RetryOwnerExempt} in the one place Error
 * Prone asks a check whether the code at hand is suppressed, so no check reports inside a
 * declaration exempt from its rule (see {@link JavacExemptions} for the coverage). {@code
 * @SuppressWarnings("RuleName")} keeps working as for any Error Prone check.
 */
public abstract class RetryOwnerChecker extends BugChecker {
  private static final long serialVersionUID = 1L;
  /** The names Error Prone may give the annotation and its container (binary or canonical). */
  private static final Set<String> EXEMPTION_NAMES = Set.of(RetryOwnerExempt.class.getName(),
      RetryOwnerExempt.List.class.getName(), RetryOwnerExempt.List.class.getCanonicalName());

  /**
   * Adds the exemption and its container, so Error Prone tells {@link #suppressedByAnyOf} when a
   * declaration around the code carries one.
   */
  @Override
  public Set<Class<? extends Annotation>> customSuppressionAnnotations() {
    Set<Class<? extends Annotation>> annotations = new HashSet<>(
        super.customSuppressionAnnotations());
    annotations.add(RetryOwnerExempt.class);
    annotations.add(RetryOwnerExempt.List.class);
    return annotations;
  }

  /**
   * Suppressed when a declaration around the code carries a valid exemption naming this check's
   * rule; an exemption of another rule, or an invalid one, suppresses nothing.
   */
  @Override
  public boolean suppressedByAnyOf(Set<Name> annotations, VisitorState state) {
    // Error Prone asks at every node, almost always with no annotation around.
    if (annotations.isEmpty()) {
      return false;
    }
    Set<Name> others = new HashSet<>(annotations);
    boolean exemptionAround = others.removeIf(name -> EXEMPTION_NAMES.contains(name.toString()));
    return (!others.isEmpty() && super.suppressedByAnyOf(others, state))
        || (exemptionAround
            && JavacExemptions.exempts(canonicalName(), state.getPath(), state.getTypes()));
  }
}
