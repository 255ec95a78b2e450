package dev.retryowner.jobs;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A kind of job, declared as data: its name, the queue it runs on, its {@link RetryPolicy} and its
 * hard timeout, and for periodic kinds the period. Build one with {@link #builder(String)}:
 *
 * <pre>{@code
 * JobKind deliver = JobKind.builder("webhook.deliver")
 *     .queue("webhooks")
 *     .retryPolicy(RetryPolicy.of(18, Backoff.svix()).whenExhausted(WhenExhausted.DISCARD))
 *     .timeout(Duration.ofSeconds(30))
 *     .build();
 * }</pre>
 */
public final class JobKind {
  /** The queue of a kind that names none. */
  public static final String DEFAULT_QUEUE = "default";
  /** The timeout of a kind that names none. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(1);

  private final String name;
  private final String queue;
  private final RetryPolicy retryPolicy;
  private final Duration timeout;
  private final Duration period;

  private JobKind(Builder builder) {
    this.name = builder.name;
    this.queue = builder.queue;
    this.retryPolicy = builder.retryPolicy;
    this.timeout = builder.timeout;
    this.period = builder.period;
  }

  /** Starts declaring the kind {@code name}, e.g. {@code "webhook.deliver"}. */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  /** The kind's name; jobs, filters and the inspector refer to the kind by it. */
  public String name() {
    return name;
  }

  /** The queue whose workers run this kind. */
  public String queue() {
    return queue;
  }

  /** How often, how far apart, and what happens when exhausted. */
  public RetryPolicy retryPolicy() {
    return retryPolicy;
  }

  /** The hard limit of one attempt; past it the attempt is interrupted and counts as failed. */
  public Duration timeout() {
    return timeout;
  }

  /** The period of a periodic kind; empty for kinds that run only when enqueued. */
  public Optional<Duration> period() {
    return Optional.ofNullable(period);
  }

  /** Whether the runtime schedules this kind itself, once per period. */
  public boolean isPeriodic() {
    return period != null;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof JobKind that
        && name.equals(that.name)
        && queue.equals(that.queue)
        && retryPolicy.equals(that.retryPolicy)
        && timeout.equals(that.timeout)
        && Objects.equals(period, that.period);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, queue, retryPolicy, timeout, period);
  }

  @Override
  public String toString() {
    return "JobKind[" + name + ", queue=" + queue + ", " + retryPolicy + ", timeout=" + timeout
        + (period == null ? "" : ", every " + period) + "]";
  }

  /** Declares a {@link JobKind}; {@link #build()} refuses a kind without a retry policy. */
  public static final class Builder {
    private final String name;
    private String queue = DEFAULT_QUEUE;
    private RetryPolicy retryPolicy;
    private Duration timeout = DEFAULT_TIMEOUT;
    private Duration period;

    private Builder(String name) {
      Objects.requireNonNull(name, "name");
      if (name.isBlank()) {
        throw new IllegalArgumentException("a job kind needs a name, e.g. \"webhook.deliver\"");
      }
      this.name = name;
    }

    /** The queue this kind runs on ({@value JobKind#DEFAULT_QUEUE} unless set). */
    public Builder queue(String queue) {
      Objects.requireNonNull(queue, "queue");
      if (queue.isBlank()) {
        throw new IllegalArgumentException("job kind " + name + ": the queue name is blank");
      }
      this.queue = queue;
      return this;
    }

    /** The retry policy; every kind must declare one (periodic kinds get theirs from {@link #periodic}). */
    public Builder retryPolicy(RetryPolicy retryPolicy) {
      this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy");
      return this;
    }

    /** The hard timeout of one attempt (1 min unless set). */
    public Builder timeout(Duration timeout) {
      this.timeout = requirePositive(timeout, "timeout");
      return this;
    }

    /**
     * Makes the kind periodic: the runtime runs it once per {@code period} (the first run one
     * period after start) and never retries it; the next period is the retry. Its policy is
     * {@link RetryPolicy#noRetry()} unless another single-attempt policy is set.
     */
    public Builder periodic(Duration period) {
      this.period = requirePositive(period, "period");
      return this;
    }

    private Duration requirePositive(Duration duration, String what) {
      Objects.requireNonNull(duration, what);
      if (duration.isNegative() || duration.isZero()) {
        throw new IllegalArgumentException(
            "job kind " + name + ": the " + what + " must be positive, but was " + duration);
      }
      return duration;
    }

    /**
     * The kind.
     *
     * @throws IllegalArgumentException if no retry policy was declared, or a periodic kind was
     *     given a policy with more than one attempt
     */
    public JobKind build() {
      if (period != null) {
        if (retryPolicy == null) {
          retryPolicy = RetryPolicy.noRetry();
        } else if (retryPolicy.maxAttempts() != 1) {
          throw new IllegalArgumentException("job kind " + name + " is periodic and periodic jobs"
              + " never retry (the next period is the retry), but its policy allows "
              + retryPolicy.maxAttempts() + " attempts; use RetryPolicy.noRetry()");
        }
      }
      if (retryPolicy == null) {
        throw new IllegalArgumentException("job kind " + name + " has no retry policy; the job"
            + " layer owns retries, so declare one, e.g. .retryPolicy(RetryPolicy.of(10,"
            + " Backoff.defaultBackoff()))");
      }
      return new JobKind(this);
    }
  }
}
