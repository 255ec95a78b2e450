package dev.retryowner.maven.reactor;

import dev.retryowner.maven.reactor.ModuleOutcome.Verdict;
import dev.retryowner.maven.reactor.ReactorTally.Arrival;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.maven.execution.MavenExecutionRequest;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.lifecycle.LifecycleExecutor;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.project.MavenProject;
import org.eclipse.aether.SessionData;

/**
 * How one gate execution takes part in a multi-module build. Every {@code check} and
 * {@code testCheck} execution of the reactor records its outcome in a tally shared through the
 * Maven session; in a fail-fast build a failing module logs its own report and, while other
 * modules still have a check to run, defers its failure, so that every module is checked; the
 * execution that concludes last prints the reactor summary and fails the build naming every
 * failing module. Under {@code -fae} or {@code -fn} Maven goes on by itself and names each failing
 * module in its own summary, so a failing module fails at once and the last check only adds the
 * reactor summary.
 *
 * <p>A build of one project, or a reactor with fewer than two gate executions, behaves as a single
 * module: failures throw at once and no summary prints. If another module fails for another
 * reason first, Maven stops (fail-fast) or skips its dependents ({@code -fae}) and no summary
 * prints; each checked module's report is in the log above and the build fails anyway.
 */
public final class ReactorGate {
  /** The goals that gate a module. */
  public static final Set<String> GATE_GOALS = Set.of("check", "testCheck");

  /** The session data key: a string, so every plugin class realm finds the same tally. */
  private static final String SESSION_KEY = "dev.retryowner.maven.reactor.tally";

  private final ReactorTally tally;
  private final String key;
  private final String module;
  private final boolean defer;
  private final Log log;

  private ReactorGate(ReactorTally tally, String key, String module, boolean defer, Log log) {
    this.tally = tally;
    this.key = key;
    this.module = module;
    this.defer = defer;
    this.log = log;
  }

  /** A module on its own: failures throw at once. */
  public static ReactorGate alone() {
    return new ReactorGate(null, null, null, false, null);
  }

  /**
   * The execution {@code key} of {@code module} (e.g. {@code billing (check)}) recording into
   * {@code tally}; {@code defer} whether a failure waits for the last module's check.
   */
  public static ReactorGate sharing(ReactorTally tally, String key, String module, boolean defer,
      Log log) {
    return tally.size() < 2 ? alone() : new ReactorGate(tally, key, module, defer, log);
  }

  /**
   * The gate of {@code execution} in the session's current project; {@code deferReactorFailure}
   * as the user set it. The first gate execution of the build computes every project's execution
   * plan for the session's goals and counts the gate executions in them; if that fails, the module
   * acts alone (and says why).
   */
  public static ReactorGate of(MavenSession session, MojoExecution execution,
      LifecycleExecutor lifecycle, boolean deferReactorFailure, Log log) {
    if (session == null || execution == null || lifecycle == null
        || !GATE_GOALS.contains(execution.getGoal()) || session.getProjects().size() < 2) {
      return alone();
    }
    MavenProject project = session.getCurrentProject();
    try {
      return sharing(new ReactorTally(sharedState(session, execution, lifecycle)),
          key(project, execution), project.getArtifactId() + " (" + execution.getGoal() + ")",
          defers(deferReactorFailure, session.getRequest().getReactorFailureBehavior()), log);
    } catch (Exception e) {
      log.warn("retry-owner: no reactor summary, the reactor's gate executions cannot be"
          + " counted (" + e + "); each module fails on its own violations at once");
      return alone();
    }
  }

  /**
   * Whether a failing module waits for the last check: only in a fail-fast build (Maven's default,
   * also when the behaviour is unknown), where failing at once would stop the other modules'
   * checks; {@code -fae} and {@code -fn} go on by themselves.
   */
  public static boolean defers(boolean deferReactorFailure, String reactorFailureBehavior) {
    return deferReactorFailure && (reactorFailureBehavior == null
        || MavenExecutionRequest.REACTOR_FAIL_FAST.equals(reactorFailureBehavior));
  }

  /**
   * The goal checked its module: {@code failures} empty when it passes ({@code passing} says how),
   * else why it fails. Alone, or with deferral off, a failure throws at once; in a reactor it is
   * deferred while other checks are to run. The last execution prints the summary and throws when
   * a module fails.
   */
  public void concluded(Verdict passing, String summary, List<String> failures)
      throws MojoFailureException {
    boolean fails = !failures.isEmpty();
    if (tally == null) {
      failIf(fails, failures);
      return;
    }
    Verdict verdict = !fails ? passing : defer ? Verdict.FAILING : Verdict.FAILED;
    Arrival arrival = tally.record(key, outcome(verdict, summary));
    if (!arrival.expected()) {
      failIf(fails, failures);
      return;
    }
    if (arrival.last()) {
      concludeReactor(arrival.outcomes());
    } else if (fails && defer) {
      log.error(ReactorSummary.deferredLine(module, arrival.pending()));
    }
    failIf(verdict == Verdict.FAILED, failures);
  }

  /** The goal had nothing to check ({@code reason}); the last execution speaks for the reactor. */
  public void skipped(String reason) throws MojoFailureException {
    if (tally != null) {
      Arrival arrival = tally.record(key, outcome(Verdict.SKIPPED, reason));
      if (arrival.last()) {
        concludeReactor(arrival.outcomes());
      }
    }
  }

  /**
   * The goal stops with an error ({@code message}) its caller throws; if it is the last, the
   * summary prints first.
   */
  public void stopped(String message) {
    if (tally != null) {
      Arrival arrival = tally.record(key, outcome(Verdict.ERROR, message));
      if (arrival.last()) {
        printSummary(arrival.outcomes());
      }
    }
  }

  /**
   * The outcome of this module; the summary shows the first line of {@code message} without the
   * log lines' prefix.
   */
  private ModuleOutcome outcome(Verdict verdict, String message) {
    String line = message == null ? "" : message.lines().findFirst().orElse("");
    return new ModuleOutcome(module, verdict, line.replaceFirst("^retry-owner: ", ""));
  }

  /** Prints the summary; fails the build if a module's failure was deferred to this point. */
  private void concludeReactor(List<ModuleOutcome> outcomes) throws MojoFailureException {
    printSummary(outcomes);
    if (outcomes.stream().anyMatch(outcome -> outcome.verdict() == Verdict.FAILING)) {
      throw new MojoFailureException(ReactorSummary.failureMessage(outcomes));
    }
  }

  private void printSummary(List<ModuleOutcome> outcomes) {
    if (ReactorSummary.anyFails(outcomes)) {
      ReactorSummary.lines(outcomes).forEach(log::error);
    } else {
      ReactorSummary.lines(outcomes).forEach(log::info);
    }
  }

  private static void failIf(boolean fails, List<String> failures) throws MojoFailureException {
    if (fails) {
      throw new MojoFailureException(String.join("; ", failures));
    }
  }

  /**
   * The shared state, made by the first execution to arrive; executions arriving at the same time
   * may each compute it, one wins.
   */
  @SuppressWarnings("unchecked")
  private static Map<String, List<String>> sharedState(MavenSession session,
      MojoExecution execution, LifecycleExecutor lifecycle) throws Exception {
    SessionData data = session.getRepositorySession().getData();
    if (data.get(SESSION_KEY) == null) {
      data.set(SESSION_KEY, null, ReactorTally.expecting(gateExecutions(session, execution,
          lifecycle)));
    }
    return (Map<String, List<String>>) data.get(SESSION_KEY);
  }

  /** The keys of every gate execution of this plugin in the plans of the reactor's projects. */
  private static List<String> gateExecutions(MavenSession session, MojoExecution execution,
      LifecycleExecutor lifecycle) throws Exception {
    String[] tasks = tasks(session);
    List<String> keys = new ArrayList<>();
    for (MavenProject project : session.getProjects()) {
      MavenSession projectSession = session.clone();
      projectSession.setCurrentProject(project);
      for (MojoExecution planned : lifecycle.calculateExecutionPlan(projectSession, false, tasks)
          .getMojoExecutions()) {
        if (planned.getGroupId().equals(execution.getGroupId())
            && planned.getArtifactId().equals(execution.getArtifactId())
            && GATE_GOALS.contains(planned.getGoal())) {
          keys.add(key(project, planned));
        }
      }
    }
    return keys;
  }

  /**
   * The build's goals and phases; a build started without any runs the top-level project's
   * default goal, as Maven does.
   */
  private static String[] tasks(MavenSession session) {
    MavenProject top = session.getTopLevelProject();
    if (session.getGoals().isEmpty() && top != null && top.getDefaultGoal() != null
        && !top.getDefaultGoal().isBlank()) {
      return top.getDefaultGoal().trim().split("\\s+");
    }
    return session.getGoals().toArray(new String[0]);
  }

  private static String key(MavenProject project, MojoExecution execution) {
    return project.getGroupId() + ":" + project.getArtifactId() + " " + execution.getGoal() + "@"
        + execution.getExecutionId();
  }
}
