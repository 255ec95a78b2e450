package com.example.reference.corpus;

import dev.retryowner.jobs.Backoff;
import dev.retryowner.jobs.JobKind;
import dev.retryowner.jobs.RetryPolicy;
import java.time.Duration;

/** The search index job kind and its retry policy, declared as data. */
public final class CorpusKinds {
  public static final String QUEUE = "search";

  /** 10 attempts, from 1 s doubling up to 15 min; exhausted: discarded with an alert. */
  public static final JobKind INDEX = JobKind.builder("corpus.index").queue(QUEUE)
      .retryPolicy(RetryPolicy.of(10, Backoff.defaultBackoff()))
      .timeout(Duration.ofSeconds(30)).build();

  private CorpusKinds() {}
}
