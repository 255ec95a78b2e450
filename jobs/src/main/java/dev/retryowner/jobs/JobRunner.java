package dev.retryowner.jobs;

import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs claimed jobs and records their outcomes: the one place that decides, from the kind's policy,
 * whether a failed job runs again and when. Shared by the queue workers and {@link Jobs#runDue()}.
 */
final class JobRunner {
  private static final System.Logger LOG = System.getLogger(JobRunner.class.getName());
  /** The policy of a job whose kind this runtime does not know: fail it as any other failure. */
  private static final Backoff UNKNOWN_KIND_BACKOFF = Backoff.defaultBackoff();

  private final Clock clock;
  private final JobStore store;
  private final Jitter jitter;
  private final AlertHook alertHook;
  private final Map<String, Registration> registrations;
  private final ScheduledExecutorService timers;
  private final int batchSize;
  private final Duration lease;
  private final Duration heartbeatInterval;
  private final Map<Long, RunningAttempt> running = new ConcurrentHashMap<>();
  /** Jobs claimed here and not started yet; the heartbeat keeps them leased too. */
  private final Map<Long, HeldJob> held = new ConcurrentHashMap<>();
  private final AtomicBoolean heartbeatStarted = new AtomicBoolean();
  private final CompletionWriter completions;
  /** Whether completions go to the writer (a started runtime) or are written by the worker. */
  private volatile boolean groupingCompletions;

  /** A registered kind and its handler. */
  record Registration(JobKind kind, JobHandler handler) {}

  JobRunner(Clock clock, JobStore store, Jitter jitter, AlertHook alertHook,
      Map<String, Registration> registrations, ScheduledExecutorService timers, int batchSize,
      Duration lease, Duration heartbeatInterval) {
    this.clock = clock;
    this.store = store;
    this.jitter = jitter;
    this.alertHook = alertHook;
    this.registrations = registrations;
    this.timers = timers;
    this.batchSize = batchSize;
    this.lease = lease;
    this.heartbeatInterval = heartbeatInterval;
    this.completions = new CompletionWriter(store, clock, this::scheduleNextPeriod);
  }

  /** From now on, completions are written in groups by the completion writer. */
  void startGroupingCompletions() {
    completions.start();
    groupingCompletions = true;
  }

  /** Writes the completions handed over so far and stops grouping them. */
  void stopGroupingCompletions() throws InterruptedException {
    completions.stop();
  }

  /**
   * Claims up to {@code limit} due jobs of {@code queue}, each leased for one lease and held (kept
   * leased by the heartbeat) until {@link #run} starts it or {@link #release} gives it back.
   */
  List<JobRecord> claim(String queue, int limit) {
    Instant now = clock.instant();
    List<JobRecord> claimed = store.claim(queue, now, limit, now.plus(lease));
    for (JobRecord job : claimed) {
      held.put(job.id(), new HeldJob(job));
    }
    return claimed;
  }

  /**
   * Runs one attempt of {@code claimed} on the calling thread and records its outcome; does nothing
   * if this runtime no longer holds it (its lease was lost while it waited for a worker).
   */
  void run(JobRecord claimed) {
    HeldJob heldJob = held.get(claimed.id());
    if (heldJob == null || heldJob.job().runs() != claimed.runs()
        || !held.remove(claimed.id(), heldJob)) {
      return;
    }
    Registration registration = registrations.get(claimed.kind());
    if (registration == null) {
      fail(claimed, AttemptError.of(claimed.attempt(), clock.instant(), AttemptError.Type.FAILURE,
          "no handler for kind " + claimed.kind() + " is registered in this runtime"));
      return;
    }
    RunningAttempt attempt =
        new RunningAttempt(claimed, heldJob.leaseExpiresAt(), Thread.currentThread());
    running.put(claimed.id(), attempt);
    Duration timeout = registration.kind().timeout();
    ScheduledFuture<?> deadline =
        timers.schedule(() -> timeOut(attempt, timeout), timeout.toNanos(), TimeUnit.NANOSECONDS);
    Throwable thrown = null;
    try {
      registration.handler().handle(claimed.toJob());
    } catch (Throwable failure) {
      thrown = failure;
    } finally {
      deadline.cancel(false);
    }
    boolean counts = attempt.handlerReturned();
    running.remove(claimed.id(), attempt);
    if (counts) {
      record(claimed, thrown);
    }
  }

  private void record(JobRecord job, Throwable thrown) {
    Instant now = clock.instant();
    if (thrown == null && groupingCompletions) {
      completions.handOver(job);
    } else if (thrown == null) {
      store.complete(job.lease(), now).ifPresent(this::scheduleNextPeriod);
    } else if (thrown instanceof Snooze snooze) {
      store.snooze(job.lease(), snooze.wakeAt(now));
    } else if (thrown instanceof Discard discard) {
      store.discard(job.lease(),
              AttemptError.of(job.attempt(), now, AttemptError.Type.DISCARD, discard), now)
          .ifPresent(this::scheduleNextPeriod);
    } else {
      fail(job, AttemptError.of(job.attempt(), now, AttemptError.Type.FAILURE, thrown));
    }
  }

  /** The attempt of {@code job} failed with {@code error}: retry per its policy, or discard. */
  private void fail(JobRecord job, AttemptError error) {
    Optional<Registration> registration = Optional.ofNullable(registrations.get(job.kind()));
    if (job.isLastAttempt()) {
      Optional<JobRecord> discarded = store.discard(job.lease(), error, error.at());
      discarded.ifPresent(this::scheduleNextPeriod);
      boolean alert = registration.map(r -> r.kind().retryPolicy().whenExhausted())
          .orElse(WhenExhausted.DISCARD_AND_ALERT) == WhenExhausted.DISCARD_AND_ALERT;
      if (alert) {
        discarded.ifPresent(this::alert);
      }
    } else {
      Backoff backoff = registration.map(r -> r.kind().retryPolicy().backoff())
          .orElse(UNKNOWN_KIND_BACKOFF);
      store.retry(job.lease(), error, error.at().plus(backoff.delay(job.attempt(), jitter)));
    }
  }

  private void alert(JobRecord discarded) {
    try {
      alertHook.exhausted(discarded);
    } catch (RuntimeException hookFailure) {
      LOG.log(Level.WARNING, "the alert hook failed for job " + discarded.id(), hookFailure);
    }
  }

  private void timeOut(RunningAttempt attempt, Duration timeout) {
    if (attempt.end(RunningAttempt.End.TIMEOUT)) {
      JobRecord job = attempt.job();
      try {
        fail(job, AttemptError.of(job.attempt(), clock.instant(), AttemptError.Type.TIMEOUT,
            "timed out after " + timeout + " and was interrupted"));
      } catch (RuntimeException storeFailure) {
        logUnrecorded(job, storeFailure);
      } finally {
        attempt.interrupt();
      }
    }
  }

  /**
   * Starts the heartbeat (once): every {@code heartbeatInterval} of real time, one task on the
   * shared timer thread extends the lease of each attempt running here, so a short lease holds a
   * job for as long as its handler runs, and a job whose worker died is rescued soon after.
   */
  void startHeartbeat() {
    if (heartbeatStarted.compareAndSet(false, true)) {
      long every = heartbeatInterval.toNanos();
      timers.scheduleWithFixedDelay(this::heartbeat, every, every, TimeUnit.NANOSECONDS);
    }
  }

  /**
   * Extends the lease of every attempt running here that was leased or extended at least one
   * heartbeat interval ago (by the clock). A run that no longer holds its job (rescued elsewhere,
   * cancelled by another process) is ended here and its handler interrupted.
   */
  private void heartbeat() {
    Instant now = clock.instant();
    Duration extendWhenLeft = lease.minus(heartbeatInterval);
    for (HeldJob waiting : held.values()) {
      if (Duration.between(now, waiting.leaseExpiresAt()).compareTo(extendWhenLeft) <= 0) {
        extendHeld(waiting, now.plus(lease));
      }
    }
    for (RunningAttempt attempt : running.values()) {
      if (attempt.isEnded()
          || Duration.between(now, attempt.leaseExpiresAt()).compareTo(extendWhenLeft) > 0) {
        continue;
      }
      JobRecord job = attempt.job();
      try {
        Instant until = now.plus(lease);
        Optional<JobRecord> extended = store.extendLease(job.lease(), until);
        if (extended.isPresent()) {
          attempt.leaseExtended(until);
        } else if (attempt.end(RunningAttempt.End.LEASE_LOST)) {
          LOG.log(Level.WARNING, "job " + job.id() + " is no longer held by this worker (rescued"
              + " or cancelled elsewhere); its handler is interrupted");
          attempt.interrupt();
        }
      } catch (RuntimeException storeFailure) {
        // The next heartbeat tries again; if the lease runs out first, the job is rescued.
        LOG.log(Level.WARNING, "extending the lease of job " + job.id() + " failed",
            storeFailure);
      }
    }
  }

  /** Keeps a job that waits for a worker leased; one whose lease was lost is no longer held. */
  private void extendHeld(HeldJob waiting, Instant until) {
    JobRecord job = waiting.job();
    try {
      if (store.extendLease(job.lease(), until).isPresent()) {
        waiting.leaseExtended(until);
      } else {
        held.remove(job.id(), waiting);
      }
    } catch (RuntimeException storeFailure) {
      LOG.log(Level.WARNING, "extending the lease of waiting job " + job.id() + " failed",
          storeFailure);
    }
  }

  static void logUnrecorded(JobRecord job, RuntimeException storeFailure) {
    LOG.log(Level.WARNING, "recording the outcome of job " + job.id() + " failed; it stays"
        + " running until its lease expires and is rescued", storeFailure);
  }

  /**
   * Rescues the running jobs of {@code queue} whose lease expired: each counts as a failed attempt
   * (retried or discarded per its policy). A local thread still running one is interrupted.
   */
  int rescueExpiredLeases(String queue) {
    Instant now = clock.instant();
    List<JobRecord> expired = store.expiredLeases(queue, now, batchSize);
    for (JobRecord job : expired) {
      HeldJob waiting = held.get(job.id());
      if (waiting != null && waiting.job().runs() == job.runs()) {
        held.remove(job.id(), waiting);
      }
      RunningAttempt local = running.get(job.id());
      boolean runsHere = local != null && local.job().runs() == job.runs();
      if (runsHere && !local.end(RunningAttempt.End.RESCUE)) {
        continue; // its handler just ended here and records the outcome itself
      }
      fail(job, AttemptError.of(job.attempt(), now, AttemptError.Type.LEASE_EXPIRED,
          "the lease expired at " + job.leaseExpiresAt() + "; its worker stopped or hung"));
      if (runsHere) {
        local.interrupt();
      }
    }
    return expired.size();
  }

  /** A job was cancelled: stop its handler if it runs here. */
  void cancelled(long id) {
    RunningAttempt local = running.get(id);
    if (local != null && local.end(RunningAttempt.End.CANCEL)) {
      local.interrupt();
    }
  }

  /**
   * The runtime stops without waiting longer: every attempt still running here is left retryable
   * (due at once, the interruption kept as its error) and interrupted.
   */
  void abandonRunning() {
    for (RunningAttempt attempt : running.values()) {
      if (attempt.end(RunningAttempt.End.SHUTDOWN)) {
        try {
          abandon(attempt.job(), "the runtime shut down before the attempt finished");
        } finally {
          attempt.interrupt();
        }
      }
    }
  }

  /**
   * Gives back jobs claimed here that no worker started (at shutdown): each is claimable again as
   * before its claim, no attempt spent.
   */
  void release(List<JobRecord> claimed) {
    for (JobRecord job : claimed) {
      held.remove(job.id());
      try {
        store.release(job.lease());
      } catch (RuntimeException storeFailure) {
        logUnrecorded(job, storeFailure);
      }
    }
  }

  private void abandon(JobRecord job, String why) {
    Instant now = clock.instant();
    try {
      store.retry(job.lease(),
          AttemptError.of(job.attempt(), now, AttemptError.Type.SHUTDOWN, why), now);
    } catch (RuntimeException storeFailure) {
      logUnrecorded(job, storeFailure);
    }
  }

  /**
   * Makes sure every periodic kind has its next run scheduled: one period from now unless a live
   * one exists.
   */
  void schedulePeriodicKinds() {
    Instant now = clock.instant();
    for (Registration registration : registrations.values()) {
      JobKind kind = registration.kind();
      kind.period().ifPresent(period -> insertPeriodic(kind, now, now.plus(period)));
    }
  }

  private void scheduleNextPeriod(JobRecord finished) {
    Registration registration = registrations.get(finished.kind());
    if (registration == null || !registration.kind().isPeriodic()) {
      return;
    }
    Duration period = registration.kind().period().orElseThrow();
    Instant now = clock.instant();
    // The first period boundary after now: periods missed while nothing ran are skipped.
    long missed = Math.max(0,
        Duration.between(finished.scheduledAt(), now).toNanos() / period.toNanos());
    insertPeriodic(registration.kind(), now,
        finished.scheduledAt().plus(period.multipliedBy(missed + 1)));
  }

  private void insertPeriodic(JobKind kind, Instant now, Instant at) {
    store.insert(new NewJob(kind.name(), kind.queue(), Map.of(),
        kind.retryPolicy().maxAttempts(), now, at, NewJob.uniqueKey(kind.name(), Map.of())));
  }
}
