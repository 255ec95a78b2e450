package dev.retryowner.errorprone;

import static com.google.errorprone.BugPattern.LinkType.CUSTOM;
import static com.google.errorprone.BugPattern.SeverityLevel.ERROR;

import com.google.auto.service.AutoService;
import com.google.errorprone.BugPattern;
import com.google.errorprone.ErrorProneFlags;
import com.google.errorprone.VisitorState;
import com.google.errorprone.bugpatterns.BugChecker;
import com.google.errorprone.bugpatterns.BugChecker.AnnotationTreeMatcher;
import com.google.errorprone.matchers.Description;
import com.google.errorprone.matchers.Matcher;
import com.google.errorprone.matchers.Matchers;
import com.google.errorprone.util.ASTHelpers;
import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.Tree;
import com.sun.tools.javac.code.Symbol;
import dev.retryowner.catalog.Exemption;
import dev.retryowner.catalog.RuleRegistry;
import java.util.Optional;
import java.util.Set;
import javax.inject.Inject;

/**
 * A {@code @RetryOwnerExempt} with a blank reason or a rule name retry-owner does not know
 * (neither in the registry nor in {@code -XepOpt:RetryOwner:CustomRules}): it exempts nothing,
 * so the code it sits on would fail for the rule anyway, or the typo hides which rule was meant.
 */
@AutoService(BugChecker.class)
@BugPattern(
    summary = "Every @RetryOwnerExempt names a rule retry-owner knows and gives a reason.",
    severity = ERROR,
    linkType = CUSTOM,
    link = Documentation.RULES + "InvalidExemption.md")
public final class InvalidExemption extends RetryOwnerChecker implements AnnotationTreeMatcher {
  private static final long serialVersionUID = 1L;
  private static final Matcher<AnnotationTree> EXEMPTION = Matchers.isType(Exemption.ANNOTATION);

  private final Set<String> customRules;

  /** For {@link java.util.ServiceLoader}: the registry's rules only. */
  public InvalidExemption() {
    this.customRules = Set.of();
  }

  /** Reads {@code -XepOpt:RetryOwner:CustomRules}. */
  @Inject
  public InvalidExemption(ErrorProneFlags flags) {
    this.customRules = RetryOwnerFlags.customRules(flags);
  }

  @Override
  public Description matchAnnotation(AnnotationTree tree, VisitorState state) {
    if (!EXEMPTION.matches(tree, state)) {
      return Description.NO_MATCH;
    }
    Tree annotated = state.getPath().getParentPath().getParentPath().getLeaf();
    Symbol declared = ASTHelpers.getSymbol(annotated);
    if (declared == null) {
      return Description.NO_MATCH;
    }
    Exemption exemption = JavacExemptions.of(ASTHelpers.getAnnotationMirror(tree), declared,
        state.getTypes());
    Optional<String> problem = exemption.problem(customRules);
    return problem.map(p -> buildDescription(tree).setMessage(exemption.display() + " on "
            + exemption.element() + " " + p + ". " + RuleRegistry.INVALID_EXEMPTION.fix())
        .build()).orElse(Description.NO_MATCH);
  }
}
