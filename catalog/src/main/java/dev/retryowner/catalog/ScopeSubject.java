package dev.retryowner.catalog;

import java.util.Optional;
import java.util.Set;

/**
 * A class as one engine's type model sees it, for a {@link ForbiddenUseScope} to decide whether
 * the rule applies to the code in it. Names are binary names ({@code Outer$Inner}). An engine may
 * compute the sets lazily: a scope asks only what it needs.
 */
public interface ScopeSubject {
  String binaryName();

  /**
   * The annotation types on the class and every annotation type they carry, at any depth
   * ({@code @RestController} brings {@code @Controller}).
   */
  Set<String> annotationTypes();

  /** Every supertype of the class, transitively: superclasses and interfaces. */
  Set<String> supertypes();

  /** The class this one is nested in (member, local or anonymous class), if any. */
  Optional<ScopeSubject> enclosingClass();
}
