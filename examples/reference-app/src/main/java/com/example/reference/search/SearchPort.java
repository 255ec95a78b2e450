package com.example.reference.search;

import com.example.reference.corpus.CorpusDocument;
import java.io.IOException;
import java.util.List;

/**
 * The search engine as the application sees it. Implementations send each request once: a
 * failure surfaces as an {@link IOException} (no answer) or a {@link SearchRejected} (an answer
 * that is not a success), and the job that called decides about retrying.
 */
public interface SearchPort {
  /** Adds or replaces the documents by id: an upsert, so running it twice is harmless. */
  void upsert(String index, List<CorpusDocument> documents) throws IOException, SearchRejected;

  /** The documents of {@code index} matching {@code query}, best first. */
  List<CorpusDocument> search(String index, String query) throws IOException, SearchRejected;
}
