package dev.retryowner.jobs.panel;

import dev.retryowner.jobs.AttemptError;
import dev.retryowner.jobs.JobKind;
import dev.retryowner.jobs.JobRecord;
import dev.retryowner.jobs.RetryPolicy;
import dev.retryowner.jobs.WhenExhausted;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Plain-text descriptions of a kind's retry policy and of what it decided for one job. */
final class PolicyText {
  private PolicyText() {}

  /**
   * The waits after each failed attempt before jitter, runs of equal steps folded, e.g. {@code 5 s,
   * 5 min, 30 min, 2 h, 5 h, 10 h ×12}.
   */
  static String backoffSchedule(RetryPolicy policy) {
    if (policy.maxAttempts() == 1) {
      return "none: one attempt, never retried";
    }
    List<String> steps = new ArrayList<>();
    Duration previous = null;
    int repeats = 0;
    for (int failed = 1; failed < policy.maxAttempts(); failed++) {
      Duration delay = policy.backoff().baseDelay(failed);
      if (delay.equals(previous)) {
        repeats++;
        continue;
      }
      if (previous != null) {
        steps.add(step(previous, repeats));
      }
      previous = delay;
      repeats = 1;
    }
    steps.add(step(previous, repeats));
    return String.join(", ", steps) + " (before jitter)";
  }

  /** What happens when the last attempt failed. */
  static String whenExhausted(WhenExhausted behaviour) {
    return behaviour == WhenExhausted.DISCARD
        ? "discard quietly" : "discard and alert (the runtime's alert hook)";
  }

  /** Why the job is where it is, in the policy's terms. */
  static String decision(JobRecord job, Optional<JobKind> kind) {
    Optional<AttemptError> last = job.errors().isEmpty()
        ? Optional.empty() : Optional.of(job.errors().get(job.errors().size() - 1));
    String attempts = "attempt " + job.attempt() + " of " + job.maxAttempts();
    return switch (job.state()) {
      case PENDING -> "Waiting for attempt " + (job.attempt() + 1) + " of " + job.maxAttempts()
          + ", due " + Times.format(job.scheduledAt()) + ".";
      case RUNNING -> "Running " + attempts + "; its worker holds it until "
          + Times.format(job.leaseExpiresAt()) + ".";
      case RETRYABLE -> "After " + attempts + " failed, the policy waits "
          + kind.map(known -> duration(known.retryPolicy().backoff().baseDelay(job.attempt()))
              + " (before jitter)").orElse("its backoff")
          + "; attempt " + (job.attempt() + 1) + " is due " + Times.format(job.scheduledAt()) + ".";
      case SNOOZED -> "The handler snoozed it until " + Times.format(job.scheduledAt())
          + "; a snooze spends no attempt.";
      case COMPLETED -> "Completed on " + attempts + ".";
      case CANCELLED -> "Cancelled: final, and not a failure (no alert).";
      case DISCARDED -> discarded(job, kind, last);
    };
  }

  private static String discarded(
      JobRecord job, Optional<JobKind> kind, Optional<AttemptError> last) {
    if (last.isPresent() && last.get().type() == AttemptError.Type.DISCARD) {
      return "The handler discarded it on attempt " + last.get().attempt()
          + ": a discard is never retried by the policy. Retry it here once the cause is fixed.";
    }
    if (job.isLastAttempt()) {
      return "All " + job.maxAttempts() + " attempts failed; when exhausted the policy says: "
          + kind.map(known -> whenExhausted(known.retryPolicy().whenExhausted()))
              .orElse("discard")
          + ". Retry it here for one more attempt.";
    }
    return "Discarded after " + job.attempt() + " of " + job.maxAttempts() + " attempts.";
  }

  private static String step(Duration delay, int repeats) {
    return duration(delay) + (repeats > 1 ? " ×" + repeats : "");
  }

  /** {@code duration} in its largest whole units, e.g. {@code 1 h 30 min}, {@code 5 s}. */
  static String duration(Duration duration) {
    if (duration.isZero()) {
      return "0 s";
    }
    List<String> parts = new ArrayList<>();
    long days = duration.toDays();
    int hours = duration.toHoursPart();
    int minutes = duration.toMinutesPart();
    int seconds = duration.toSecondsPart();
    int millis = duration.toMillisPart();
    if (days > 0) {
      parts.add(days + " d");
    }
    if (hours > 0) {
      parts.add(hours + " h");
    }
    if (minutes > 0) {
      parts.add(minutes + " min");
    }
    if (seconds > 0) {
      parts.add(seconds + " s");
    }
    if (millis > 0) {
      parts.add(millis + " ms");
    }
    return String.join(" ", parts);
  }
}
