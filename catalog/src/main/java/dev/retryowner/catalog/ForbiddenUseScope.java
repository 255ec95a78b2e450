package dev.retryowner.catalog;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where a ForbiddenUse rule's catalog uses are forbidden, described once for every engine: each
 * engine hands in its own view of a class ({@link ScopeSubject}) and asks {@link #reasonFor}.
 * Either everything outside some packages (the jobs packages own retries), or the classes inside
 * some packages plus the classes marked by catalog scope entries (annotations, supertypes) and
 * the classes nested in those.
 */
public final class ForbiddenUseScope {
  private final PackageRole role;
  private final List<PackagePattern> packages;
  private final boolean forbiddenInsidePackages;
  private final Set<String> markerAnnotations;
  private final Set<String> markerTypes;

  private ForbiddenUseScope(PackageRole role, List<PackagePattern> packages,
      boolean forbiddenInsidePackages, Set<String> markerAnnotations, Set<String> markerTypes) {
    this.role = role;
    this.packages = List.copyOf(packages);
    this.forbiddenInsidePackages = forbiddenInsidePackages;
    this.markerAnnotations = Set.copyOf(markerAnnotations);
    this.markerTypes = Set.copyOf(markerTypes);
  }

  static ForbiddenUseScope outside(PackageRole role, List<PackagePattern> packages) {
    return new ForbiddenUseScope(role, packages, false, Set.of(), Set.of());
  }

  static ForbiddenUseScope inside(PackageRole role, List<PackagePattern> packages,
      List<String> markerAnnotations, List<String> markerTypes) {
    return new ForbiddenUseScope(role, packages, true, Set.copyOf(markerAnnotations),
        Set.copyOf(markerTypes));
  }

  /**
   * Why the rule applies to code in {@code subject}, as a phrase to follow the use in a message
   * ({@code outside the jobs packages [com.acme.jobs]}, {@code in the request path ('a.Web'
   * carries @...Controller)}); empty when the code may use the rule's entries.
   */
  public Optional<String> reasonFor(ScopeSubject subject) {
    if (!forbiddenInsidePackages) {
      return holdsByName(subject.binaryName())
          ? Optional.of(role.where() + " " + GateConfig.packagesText(packages))
          : Optional.empty();
    }
    for (ScopeSubject s = subject; s != null; s = s.enclosingClass().orElse(null)) {
      Optional<String> marked = markedBy(s);
      if (marked.isPresent()) {
        return Optional.of(role.where() + " (" + marked.get() + ")");
      }
    }
    return Optional.empty();
  }

  /**
   * True if the scope is a set of marked classes, so a finding's message should say why the
   * class is in it; a scope of "everything outside the packages" needs no such word.
   */
  public boolean namesMembership() {
    return forbiddenInsidePackages;
  }

  /**
   * True if the scope may hold the class by its name alone, before any marker: every class
   * outside the packages of an "outside" scope; the classes in the packages of a marked scope
   * (a marked class is told only by its annotations and supertypes).
   */
  public boolean holdsByName(String binaryClassName) {
    return isInPackages(binaryClassName) == forbiddenInsidePackages;
  }

  /** The configured packages the scope is defined by: each must match some class. */
  public List<PackagePattern> packages() {
    return packages;
  }

  /** What to tell a user whose package pattern matches none of the {@code classCount} classes. */
  public String unmatchedPackageProblem(String rule, PackagePattern pattern, int classCount) {
    return rule + ": " + role.noun() + " pattern '" + pattern + "' matches none of the "
        + classCount + " imported classes, " + role.consequence() + ". Fix " + role.setting()
        + " to name " + role.target() + ", or import the classes of that package too.";
  }

  private Optional<String> markedBy(ScopeSubject subject) {
    String name = subject.binaryName().replace('$', '.');
    if (isInPackages(subject.binaryName())) {
      return Optional.of("'" + name + "' lies in " + role.setting() + " " + packages);
    }
    if (!markerAnnotations.isEmpty()) {
      Optional<String> annotation = subject.annotationTypes().stream()
          .filter(markerAnnotations::contains).sorted().findFirst();
      if (annotation.isPresent()) {
        return Optional.of("'" + name + "' carries @" + annotation.get().replace('$', '.'));
      }
    }
    if (!markerTypes.isEmpty()) {
      Optional<String> type = subject.supertypes().stream()
          .filter(markerTypes::contains).sorted().findFirst();
      if (type.isPresent()) {
        return Optional.of("'" + name + "' extends " + type.get().replace('$', '.'));
      }
    }
    return Optional.empty();
  }

  private boolean isInPackages(String binaryClassName) {
    return packages.stream().anyMatch(p -> p.matchesClass(binaryClassName));
  }

  /**
   * What a scope's packages are for, in the words of messages.
   *
   * @param setting the configuration key, e.g. {@code jobsPackages}
   * @param noun what one pattern is, e.g. {@code jobs package}
   * @param where the phrase that places a finding, e.g. {@code outside the jobs packages}
   * @param consequence what an unmatched pattern means
   * @param target what the setting should name, with an example
   */
  record PackageRole(String setting, String noun, String where, String consequence,
      String target) {}
}
