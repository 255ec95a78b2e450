package com.example.search;

import org.springframework.retry.support.RetryTemplate;

/** Pushes orders into the search index, retrying with a Spring RetryTemplate. */
public class SearchIndexer {
  private final RetryTemplate template = RetryTemplate.builder().maxAttempts(3).build(); // expect: RetryOutsideJobs (related)

  public void index(String orderJson) {
    template.execute(context -> push(orderJson)); // expect: RetryOutsideJobs
  }

  private boolean push(String orderJson) {
    return !orderJson.isEmpty();
  }
}
