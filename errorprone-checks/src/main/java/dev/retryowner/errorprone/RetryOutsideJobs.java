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
 * Retry helpers of the catalog (library calls, types, annotations) used outside the jobs
 * packages.
 */
@AutoService(BugChecker.class)
@BugPattern(
    summary =
        "Retry helpers (library calls, types, annotations) are used only inside the jobs packages.",
    severity = ERROR,
    linkType = CUSTOM,
    link = Documentation.RULES + "RetryOutsideJobs.md")
public final class RetryOutsideJobs extends ForbiddenUseChecker {
  private static final long serialVersionUID = 1L;

  public RetryOutsideJobs() {
    super(RuleRegistry.RETRY_OUTSIDE_JOBS);
  }

  @Inject
  public RetryOutsideJobs(ErrorProneFlags flags) {
    super(RuleRegistry.RETRY_OUTSIDE_JOBS, flags);
  }
}
