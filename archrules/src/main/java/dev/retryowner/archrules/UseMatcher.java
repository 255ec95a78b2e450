package dev.retryowner.archrules;

import com.tngtech.archunit.core.domain.JavaClass;
import dev.retryowner.catalog.CatalogEntry;
import java.util.Optional;

/**
 * What one rule forbids a checked class to use, as {@link ForbiddenUses} asks it: the entry a
 * use falls under (for a Layering rule, an entry naming the used type itself), and how a finding
 * words the use.
 */
interface UseMatcher {
  /** The entry covering a use of the type {@code used}, if the rule forbids it. */
  Optional<CatalogEntry> type(JavaClass used);

  /**
   * The entry covering constructing {@code constructed} (also through {@code ::new}); by default
   * the one covering any use of the type.
   */
  default Optional<CatalogEntry> constructed(JavaClass constructed) {
    return type(constructed);
  }

  /** The entry covering a call of {@code methodName} on {@code owner}, if the rule forbids it. */
  Optional<CatalogEntry> method(JavaClass owner, String methodName);

  /**
   * True if a call of a member that takes or returns a forbidden type is a use of that type (a
   * catalog rule: the call hands a helper over or receives one). A Layering boundary restricts
   * which members code may reach, not which values pass through them.
   */
  default boolean coversHandedOverTypes() {
    return false;
  }

  /**
   * True if a call of {@code methodName} on {@code owner} runs work under the retry it uses (one
   * retry, one finding: the place it is reported); by default no call does.
   */
  default boolean runs(JavaClass owner, String methodName) {
    return false;
  }

  /** The entry covering the annotation {@code annotationType}, if the rule forbids it. */
  Optional<CatalogEntry> annotation(JavaClass annotationType);

  /**
   * The finding's message for a use worded as {@code used} (e.g. "calls a.B#c") of
   * {@code usedType}, which {@code entry} covers.
   */
  String message(String used, JavaClass usedType, CatalogEntry entry);
}
