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
 * Delay calls of the catalog ({@code Thread.sleep} and kin) in code a visitor waits on: classes
 * in {@code -XepOpt:RetryOwner:RequestPathPackages}, controllers, JAX-RS resources, servlets.
 */
@AutoService(BugChecker.class)
@BugPattern(
    summary = "Code a visitor waits on (controllers, JAX-RS resources, servlets, request-path"
        + " packages) does not sleep.",
    severity = ERROR,
    linkType = CUSTOM,
    link = Documentation.RULES + "SleepInRequestPath.md")
public final class SleepInRequestPath extends ForbiddenUseChecker {
  private static final long serialVersionUID = 1L;

  public SleepInRequestPath() {
    super(RuleRegistry.SLEEP_IN_REQUEST_PATH);
  }

  @Inject
  public SleepInRequestPath(ErrorProneFlags flags) {
    super(RuleRegistry.SLEEP_IN_REQUEST_PATH, flags);
  }
}
