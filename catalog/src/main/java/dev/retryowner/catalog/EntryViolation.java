package dev.retryowner.catalog;

import java.util.Objects;

/**
 * One finding of a shape driven by catalog entries, before an engine adds where it is.
 *
 * @param entry the catalog entry behind it; its reason says why
 * @param message what is wrong, without the reason and the fix
 */
public record EntryViolation(CatalogEntry entry, String message) {
  public EntryViolation {
    Objects.requireNonNull(entry, "entry");
    Objects.requireNonNull(message, "message");
  }
}
