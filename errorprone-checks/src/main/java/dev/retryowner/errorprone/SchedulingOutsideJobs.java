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
 * Opt-in: scheduling APIs of the catalog (scheduled executors, timers, Spring's {@code @Scheduled})
 * outside the jobs packages. Runs only when {@code -XepOpt:RetryOwner:EnableRules} names it.
 */
@AutoService(BugChecker.class)
@BugPattern(
    summary = "Scheduling (scheduled executors, timers, @Scheduled) is used only inside the jobs"
        + " packages.",
    severity = ERROR,
    linkType = CUSTOM,
    link = Documentation.RULES + "SchedulingOutsideJobs.md")
public final class SchedulingOutsideJobs extends ForbiddenUseChecker {
  private static final long serialVersionUID = 1L;

  public SchedulingOutsideJobs() {
    super(RuleRegistry.SCHEDULING_OUTSIDE_JOBS);
  }

  @Inject
  public SchedulingOutsideJobs(ErrorProneFlags flags) {
    super(RuleRegistry.SCHEDULING_OUTSIDE_JOBS, flags);
  }
}
