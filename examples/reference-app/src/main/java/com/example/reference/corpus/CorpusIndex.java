package com.example.reference.corpus;

import com.example.reference.search.SearchPort;
import com.example.reference.search.SearchRejected;
import dev.retryowner.jobs.HttpOutcomeClassifier;
import dev.retryowner.jobs.Job;
import dev.retryowner.jobs.JobHandler;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * {@code corpus.index}: puts one document's current version into the search index. An upsert, so
 * a repeated run is harmless. The search port sends once; this handler only classifies its
 * failure, and the kind's policy (default backoff, 10 attempts) retries.
 */
public final class CorpusIndex implements JobHandler {
  public static final String DOCUMENT_ARG = "document";
  public static final String INDEX = "corpus";
  /** The longest a search engine's Retry-After may push the job out. */
  public static final Duration SNOOZE_CAP = Duration.ofHours(1);

  private final Corpus corpus;
  private final SearchPort search;
  private final Clock clock;
  private final HttpOutcomeClassifier classifier = HttpOutcomeClassifier.withSnoozeCap(SNOOZE_CAP);

  public CorpusIndex(Corpus corpus, SearchPort search, Clock clock) {
    this.corpus = corpus;
    this.search = search;
    this.clock = clock;
  }

  @Override
  public void handle(Job job) {
    Optional<CorpusDocument> document = corpus.find(job.arg(DOCUMENT_ARG));
    if (document.isEmpty()) {
      // Deleted since it was enqueued: there is nothing to index any more.
      return;
    }
    try {
      search.upsert(INDEX, List.of(document.get()));
    } catch (SearchRejected e) {
      classifier.classify(e.status(), e.retryAfter(), clock.instant()).throwUnlessSuccess();
    } catch (IOException e) {
      classifier.classifyFailure(e).throwUnlessSuccess();
    }
  }
}
