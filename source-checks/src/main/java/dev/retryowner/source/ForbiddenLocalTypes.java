package dev.retryowner.source;

import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.CodeWords;
import dev.retryowner.catalog.ForbiddenUseIndex;
import dev.retryowner.catalog.ForbiddenUseScope;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.LayeringBoundary;
import dev.retryowner.catalog.RuleDescriptor;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What one rule forbids as the type of a local declaration, for {@link LocalTypeCheck}: a
 * ForbiddenUse rule's catalog types (and their subtypes) in the rule's scope, or the types behind
 * a Layering boundary.
 */
interface ForbiddenLocalTypes {
  RuleDescriptor rule();

  /**
   * Whether the rule checks the class (binary name): empty if not, else the note a finding's
   * message ends with, e.g. why the class is in the rule's scope ("" when that goes unsaid).
   */
  Optional<String> scopeNote(String className);

  /** The cheap text test: false if the file cannot name a forbidden type. */
  boolean mayMatch(CodeWords code);

  /** What the binary type name stands for, if the rule forbids it. */
  Optional<Forbidden> forbidden(String typeName);

  /**
   * A forbidden type as a finding reports it.
   *
   * @param target the finding's target, as a reader writes it
   * @param reason the finding's reason
   * @param qualifier appended to "declares ... of type T", e.g. " (catalog entry X)"
   */
  record Forbidden(String target, String reason, String qualifier) {}

  /**
   * The catalog entries of the ForbiddenUse {@code rule} in its scope: a type, a type nested in
   * one, or a subtype of one.
   */
  static ForbiddenLocalTypes catalog(RuleDescriptor rule, GateConfig config,
      TypeRelations relations) {
    ForbiddenUseScope scope = config.forbiddenUseScope(rule);
    ForbiddenUseIndex index = config.catalog().forbiddenUse(rule.name());
    CatalogNameFilter filter = CatalogNameFilter.of(index, relations);
    return new ForbiddenLocalTypes() {
      @Override
      public RuleDescriptor rule() {
        return rule;
      }

      @Override
      public Optional<String> scopeNote(String className) {
        return scope.reasonFor(new RelationsScopeSubject(className, relations))
            .map(reason -> scope.namesMembership() ? " " + reason : "");
      }

      @Override
      public boolean mayMatch(CodeWords code) {
        return filter.mayMatch(code);
      }

      @Override
      public Optional<Forbidden> forbidden(String typeName) {
        for (String type : relations.selfAndSupertypes(typeName)) {
          Optional<CatalogEntry> entry = index.type(type);
          if (entry.isPresent()) {
            String qualifier = typeName.equals(entry.get().typeName()) ? ""
                : " (catalog entry " + entry.get().displayName() + ")";
            return Optional.of(new Forbidden(entry.get().displayName(), entry.get().reason(),
                qualifier));
          }
        }
        return Optional.empty();
      }
    };
  }

  /**
   * The types behind a Layering boundary, by their own name; only types the bytecode knows (the
   * checked classes and what they use), so a name that could stand for a type of a guarded
   * package that does not exist is not one.
   */
  static ForbiddenLocalTypes layering(LayeringBoundary boundary, TypeRelations relations) {
    Set<String> guarded = new TreeSet<>();
    for (String known : relations.knownTypes()) {
      if (boundary.forbids(known, relations::isAnnotatedWith)) {
        guarded.add(known);
      }
    }
    CatalogNameFilter filter = CatalogNameFilter.ofTypes(guarded);
    return new ForbiddenLocalTypes() {
      @Override
      public RuleDescriptor rule() {
        return boundary.rule();
      }

      @Override
      public Optional<String> scopeNote(String className) {
        return boundary.checks(className) ? Optional.of("") : Optional.empty();
      }

      @Override
      public boolean mayMatch(CodeWords code) {
        return filter.mayMatch(code);
      }

      @Override
      public Optional<Forbidden> forbidden(String typeName) {
        return guarded.contains(typeName)
            ? Optional.of(new Forbidden(typeName.replace('$', '.'), boundary.rule().summary(),
                ", " + boundary.notAllowed()))
            : Optional.empty();
      }
    };
  }
}
