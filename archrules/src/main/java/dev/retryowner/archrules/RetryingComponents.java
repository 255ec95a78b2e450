package dev.retryowner.archrules;

import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.RetryLoopEvidence;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.catalog.Site;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Project-local retrying components, a whole-program part of HandRolledRetry: once a class of
 * the project is known to retry (a HandRolledRetry finding lies in it, or in a class nested in
 * it, which is part of its behaviour), each place outside the jobs packages that constructs it
 * or a subclass ({@code new}, or a constructor reference) is where that retry gets switched on,
 * and is a finding too. The code of the class's own nest (its top-level class and everything
 * nested there) is not, nor a subclass's {@code super(..)} call (constructing the subclass is the
 * switch), nor the creation of an anonymous or local class, which is part of the code around it.
 *
 * <p>Error Prone sees one compilation unit at a time and cannot know which classes of the
 * project retry; the Maven plugin runs this after its engines.
 */
public final class RetryingComponents {
  private static final RuleDescriptor RULE = RuleRegistry.HAND_ROLLED_RETRY;

  private RetryingComponents() {}

  /** The constructions, in {@code classes}, of the classes {@code findings} show to retry. */
  public static List<Finding> constructions(List<Finding> findings, JavaClasses classes,
      GateConfig config) {
    Map<String, Finding> retrying = new LinkedHashMap<>();
    findings.stream().filter(f -> f.rule().equals(RULE.name()))
        .forEach(f -> enclosingAndSelf(f.className()).forEach(c -> retrying.putIfAbsent(c, f)));
    if (retrying.isEmpty()) {
      return List.of();
    }
    List<Finding> found = new ArrayList<>();
    for (JavaClass type : classes) {
      boolean inJobs = config.jobsPackages().stream()
          .anyMatch(p -> p.matchesPackage(type.getPackageName()));
      if (inJobs) {
        continue;
      }
      Stream.concat(type.getConstructorCallsFromSelf().stream(),
              type.getConstructorReferencesFromSelf().stream())
          .forEach(access -> retryingTarget(access, type, retrying)
              .ifPresent(cause -> found.add(finding(type, access, cause))));
    }
    return found;
  }

  /** The finding that shows the constructed class, or a superclass of it, to retry. */
  private static Optional<Finding> retryingTarget(JavaAccess<?> access, JavaClass origin,
      Map<String, Finding> retrying) {
    JavaClass target = access.getTargetOwner();
    boolean superCall = origin.getAllRawSuperclasses().contains(target);
    if (superCall || target.isAnonymousClass() || target.isLocalClass()) {
      return Optional.empty();
    }
    String nest = topLevel(origin.getName());
    return Stream.concat(Stream.of(target), target.getAllRawSuperclasses().stream())
        .filter(c -> retrying.containsKey(c.getName()))
        .findFirst()
        .filter(c -> !topLevel(c.getName()).equals(nest))
        .map(c -> retrying.get(c.getName()));
  }

  /** {@code a.B$C$1}, {@code a.B$C} and {@code a.B}. */
  private static List<String> enclosingAndSelf(String className) {
    List<String> names = new ArrayList<>(List.of(className));
    for (int i = className.lastIndexOf('$'); i > 0; i = className.lastIndexOf('$', i - 1)) {
      names.add(className.substring(0, i));
    }
    return names;
  }

  private static String topLevel(String className) {
    int nested = className.indexOf('$');
    return nested < 0 ? className : className.substring(0, nested);
  }

  private static Finding finding(JavaClass type, JavaAccess<?> access, Finding cause) {
    String constructed = access.getTargetOwner().getName();
    String message = "this constructs " + constructed + ", which runs work again after a"
        + " failure (HandRolledRetry at " + cause.sourcePath() + ":" + cause.line() + "):"
        + " constructing it switches that retry on";
    return new Finding(RULE.name(), type.getName(), ForbiddenUses.memberName(access.getOrigin()),
        ForbiddenUses.sourcePath(type), access.getLineNumber(), Site.CALL, constructed, message,
        RetryLoopEvidence.WHY);
  }
}
