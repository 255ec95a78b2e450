package dev.retryowner.catalog;

import java.util.List;

/**
 * The kinds of {@link ForbiddenUseScope} a ForbiddenUse rule can have. A rule names its kind in
 * the {@link RuleRegistry}; the configuration and the rule's catalog entries fill it in.
 */
public enum ScopeKind {
  /** Every class outside the jobs packages: only the job layer may use the rule's entries. */
  OUTSIDE_JOBS_PACKAGES {
    @Override
    ForbiddenUseScope of(String rule, GateConfig config) {
      return ForbiddenUseScope.outside(JOBS, config.jobsPackages());
    }
  },
  /** Every class outside the infrastructure packages: only they may create threads. */
  OUTSIDE_INFRA_PACKAGES {
    @Override
    ForbiddenUseScope of(String rule, GateConfig config) {
      return ForbiddenUseScope.outside(INFRA, config.infraPackages());
    }
  },
  /**
   * Code a visitor waits on: classes in the request-path packages, classes carrying one of the
   * rule's {@code scope-annotation} entries and subtypes of its {@code scope-type} entries, and
   * the classes nested in any of those.
   */
  REQUEST_PATH {
    @Override
    ForbiddenUseScope of(String rule, GateConfig config) {
      List<CatalogEntry> entries = config.catalog().entriesFor(rule);
      return ForbiddenUseScope.inside(REQUEST_PATH_PACKAGES, config.requestPathPackages(),
          typeNames(entries, EntryKind.SCOPE_ANNOTATION), typeNames(entries, EntryKind.SCOPE_TYPE));
    }
  };

  private static final ForbiddenUseScope.PackageRole JOBS = new ForbiddenUseScope.PackageRole(
      "jobsPackages", "jobs package", "outside the jobs packages",
      "so nothing is allowed to retry",
      "the package that holds your job layer (e.g. com.acme.jobs, or com.acme.**.jobs for any"
          + " depth)");
  private static final ForbiddenUseScope.PackageRole INFRA = new ForbiddenUseScope.PackageRole(
      "infraPackages", "infrastructure package", "outside the infrastructure packages",
      "so nothing is allowed to create threads",
      "the packages that own threads and executors (e.g. com.acme.infra, or com.acme.**.infra for"
          + " any depth)");
  private static final ForbiddenUseScope.PackageRole REQUEST_PATH_PACKAGES =
      new ForbiddenUseScope.PackageRole("requestPathPackages", "request-path package",
          "in the request path", "so it puts no class in the request path",
          "the packages whose code a visitor waits on (e.g. com.acme.web, or com.acme.**.web for"
              + " any depth)");

  /** The scope of {@code rule} under {@code config}. */
  abstract ForbiddenUseScope of(String rule, GateConfig config);

  private static List<String> typeNames(List<CatalogEntry> entries, EntryKind kind) {
    return entries.stream().filter(e -> e.kind() == kind).map(CatalogEntry::typeName).toList();
  }
}
