package com.example.reference.mail;

import dev.retryowner.jobs.Backoff;
import dev.retryowner.jobs.JobKind;
import dev.retryowner.jobs.RetryPolicy;
import java.time.Duration;

/** The mail job kind and its retry policy, declared as data. */
public final class MailKinds {
  public static final String QUEUE = "mail";

  /** 8 attempts, 20 s then ×3 (about 6 h); exhausted: discarded with an alert on the panel. */
  public static final JobKind OWNER_NOTIFY = JobKind.builder("owner.notify").queue(QUEUE)
      .retryPolicy(RetryPolicy.of(8, Backoff.geometric()))
      .timeout(Duration.ofSeconds(30)).build();

  private MailKinds() {}
}
