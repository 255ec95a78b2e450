package dev.retryowner.errorprone;

import static com.google.errorprone.BugPattern.LinkType.CUSTOM;
import static com.google.errorprone.BugPattern.SeverityLevel.ERROR;

import com.google.auto.service.AutoService;
import com.google.errorprone.BugPattern;
import com.google.errorprone.ErrorProneFlags;
import com.google.errorprone.bugpatterns.BugChecker;
import dev.retryowner.catalog.RuleRegistry;
import javax.inject.Inject;

/**
 * Opt-in: creating threads and thread pools (catalog constructors and factory methods) outside
 * {@code -XepOpt:RetryOwner:InfraPackages}. Runs only when {@code -XepOpt:RetryOwner:EnableRules}
 * names it.
 */
@AutoService(BugChecker.class)
@BugPattern(
    summary = "Threads and thread pools are created only inside the infrastructure packages.",
    severity = ERROR,
    linkType = CUSTOM,
    link = Documentation.RULES + "ThreadOutsideInfra.md")
public final class ThreadOutsideInfra extends ForbiddenUseChecker {
  private static final long serialVersionUID = 1L;

  public ThreadOutsideInfra() {
    super(RuleRegistry.THREAD_OUTSIDE_INFRA);
  }

  @Inject
  public ThreadOutsideInfra(ErrorProneFlags flags) {
    super(RuleRegistry.THREAD_OUTSIDE_INFRA, flags);
  }
}
