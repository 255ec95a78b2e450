package com.example.reference.corpus;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The documents table, in memory: the source of truth the search index is built from. */
public final class Corpus {
  private final Map<String, CorpusDocument> rows = new ConcurrentHashMap<>();

  public void put(CorpusDocument document) {
    rows.put(document.id(), document);
  }

  public Optional<CorpusDocument> find(String id) {
    return Optional.ofNullable(rows.get(id));
  }

  public void delete(String id) {
    rows.remove(id);
  }
}
