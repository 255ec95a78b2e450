package com.example.reference.corpus;

/** A document of the searchable corpus; {@code id} is its primary key in the search index. */
public record CorpusDocument(String id, String title, String text) {
  public CorpusDocument {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("A corpus document needs an id");
    }
  }
}
